import AppModel

/// What the command line adds to an error message: the flag that changes the limit hit, and
/// how to give a token.
public enum CommandLineAdvice {
  /// The advice the app and headless mode give, before the run adds what it knows of its
  /// token and its longest wait (`errors(token:maxWait:)`).
  public static let errors = ErrorAdvice(
    pageCap: "raise it with --page-cap", limit: FlagName.limit.rawValue)

  /// How to give a token, said when none is sent.
  public static let givingToken =
    "set \(TokenSource.variable) or use \(FlagName.tokenFile.rawValue) PATH"

  /// The advice of a run whose requests carry `token` (`nil`: none) and whose retries wait
  /// at most `maxWait` seconds.
  public static func errors(token: TokenOrigin?, maxWait: Double) -> ErrorAdvice {
    var advice = errors
    advice.token = token.map(TokenUse.sent) ?? .none(advice: givingToken)
    advice.maxWait = "\(FlagName.maxWait.rawValue) (\(FlagArgument.format(maxWait)) s)"
    return advice
  }
}
