import ApexyLoader

/// Which state a transition line is about.
public enum TransitionSubject: String, Sendable {
  /// The owner loader's state: `organization` in headless output, as 0.2.0 printed it.
  case owner = "organization"
  case repositories, merged
  /// The open detail view's loader (the inspector's timeline only).
  case repository
}

/// The four cases of `LoadingState`, by name, as headless output prints them.
public enum StateCase: String, Sendable, Equatable {
  case initial, loading, success, failure

  /// The case of `state`.
  public init<T>(_ state: LoadingState<T>) {
    switch state {
    case .initial: self = .initial
    case .loading: self = .loading
    case .success: self = .success
    case .failure: self = .failure
    }
  }
}
