/// Frames the render tests expect, shared where two tests draw the same thing: the Fetch and
/// Result panes 40 columns wide with `Fixture`'s organization and its first repositories
/// loaded, alone (`PaneRenderTests`) and inside the screen (`ScreenRenderTests`).
public enum Golden {
  /// The Fetch pane, 40×8, both loaders succeeded.
  public static let loadedFetchPane = [
    "┌ Fetch ───────────────────────────────┐",
    "│ [ Fetch ]                            │",
    "│                                      │",
    "│ Repositories of the Red Mad Robot    │",
    "│ organization:                        │",
    "│ Apexy                     Swift ★207 │",
    "│ input-mask-ios            Swift ★598 │",
    "└─────────────────────────── 1–2 of 4 ─┘",
  ]

  /// The Result pane, 40×8, the repositories loaded.
  public static let loadedResultPane = [
    "┌ Result ──────────────────────────────┐",
    "│ Repositories:                        │",
    "│ Apexy                     Swift ★207 │",
    "│ input-mask-ios            Swift ★598 │",
    "│ android-ktx         fork Kotlin ★101 │",
    "│ ios-interview                   ★356 │",
    "│                                      │",
    "└──────────────────────────────────────┘",
  ]
}
