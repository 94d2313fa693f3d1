// ScriptResolver: the Script of every code point, with Common and Inherited characters resolved from
// their neighbours (UAX #24 §5.2, as HarfBuzz's and Pango's script itemizers do).

/// Resolves the script of each code point for itemization and font fallback.
package enum ScriptResolver {
    /// The script of each scalar (Arab, Hani, Latn, …):
    /// - Inherited characters (combining marks) take the script of the character before them;
    /// - Common characters (spaces, digits, punctuation, emoji) take the script of the run they are
    ///   in, and at the start of a text the script of the first character that has one;
    /// - a closing paired bracket takes the script of its opening bracket, so "(" and ")" share one.
    /// A text with no script at all resolves to Common (Zyyy) throughout.
    package static func resolve(_ scalars: some Collection<Unicode.Scalar>) -> [ScriptTag] {
        var tags: [ScriptTag] = []
        var stack: [(id: UInt32, script: ScriptTag)] = []
        resolve(scalars.lazy.map(\.value), into: &tags, stack: &stack)
        return tags
    }

    /// The Script of the code points chat text is mostly made of, without a call into HarfBuzz:
    /// ASCII, the Arabic letters, digits and harakat, and the CJK Unified Ideographs. Nil for the
    /// rest. (A test compares it with HarfBuzz on every code point it answers for.)
    @inline(__always) static func fastScript(_ v: UInt32) -> ScriptTag? {
        switch v {
        case 0x41...0x5A, 0x61...0x7A: return .latin
        case 0...0x7F: return .common
        case 0x0620...0x063F, 0x0641...0x064A, 0x0660...0x0669: return .arabic
        case 0x064B...0x0655: return .inherited
        case 0x4E00...0x9FFF: return .han
        default: return nil
        }
    }

    /// `resolve` on code points, into `out` (replaced), with `stack` as reusable scratch.
    static func resolve(
        _ codePoints: some Collection<UInt32>, into out: inout [ScriptTag], stack: inout [(id: UInt32, script: ScriptTag)]
    ) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(codePoints.count)
        stack.removeAll(keepingCapacity: true)
        var current = ScriptTag.common
        let trie = UnicodeBidiData.trie  // read once: a static costs a `swift_once` call per use
        for value in codePoints {
            var script = fastScript(value) ?? HarfBuzzUnicode.script(value)
            let isNeutral = script == .common || script == .inherited || script == .unknown
            if isNeutral {
                script = current
                if trie.entry(value) & UnicodeBidiTables.bracketFlag != 0,
                    let bracket = UnicodeBidiData.bracketPairIdentifier(value)
                {
                    if bracket.isOpen {
                        if stack.count < 64 { stack.append((bracket.id, current)) }
                    } else if let match = stack.lastIndex(where: { $0.id == bracket.id }) {
                        script = stack[match].script
                        current = script
                        stack.removeSubrange(match...)
                    }
                }
            } else {
                if current == .common {
                    // The first real script: leading neutrals (and brackets opened there) take it.
                    for i in out.indices { out[i] = script }
                    for i in stack.indices where stack[i].script == .common { stack[i].script = script }
                }
                current = script
            }
            out.append(script)
        }
    }
}
