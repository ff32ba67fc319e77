/// What a piece of text is, for drawing it: the model says which role each line has, and the
/// terminal backend maps each role to attributes and colours.
public enum Style: UInt8, Sendable, Equatable, CaseIterable {
  case plain, border, focusBorder, title, button, focusButton, error, heading, dim, spinner
  case success, tabActive, tabInactive, statusBar, inspector, inspectorTitle
}
