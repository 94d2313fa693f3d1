// FontContinuity: a Common or Inherited cluster (punctuation, "@", digits, spaces, marks) keeps the
// font of the cluster before it when that font covers it, as Minikin's FontCollection::itemize does,
// instead of restarting the fallback chain: "ali@example.com" is one run in one font, and brackets
// after 小明 stay in the CJK font.

/// The font continuity rule of the itemizer.
enum FontContinuity {
    /// Whether every character of `cluster` has the Script property Common or Inherited (Script,
    /// not Script_Extensions: a character shared by a few scripts has one of them as its Script).
    static func isNeutral(_ cluster: UnsafeBufferPointer<UInt32>) -> Bool {
        for c in cluster {
            let script = ScriptResolver.fastScript(c) ?? HarfBuzzUnicode.script(c)
            if script != .common && script != .inherited { return false }
        }
        return true
    }

    /// Whether `coverage` (a face's cmap) holds every character of `cluster` that needs a glyph.
    static func covers(_ coverage: CodePointSet, _ cluster: UnsafeBufferPointer<UInt32>) -> Bool {
        for c in cluster where !coverage.contains(c) {
            if !DefaultIgnorable.contains(c) { return false }
        }
        return true
    }
}
