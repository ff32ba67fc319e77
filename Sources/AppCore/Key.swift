import ApexyLoader
import Foundation
import GitHubAPI

/// A key press, decoded from the terminal.
public enum Key: Sendable, Equatable {
  case character(Character)
  case enter, escape, tab, backTab, backspace
  case up, down, left, right, pageUp, pageDown, home, end
  case interrupt
}
