// ScriptResolver: the Script of every code point, with Common and Inherited characters resolved from
// their neighbours (UAX #24 §5.2, as HarfBuzz's and Pango's script itemizers do).

/// Resolves the script of each code point for itemization and font fallback.
public enum ScriptResolver {
    /// ISO 15924 tags of Common, Inherited and Unknown, which take a neighbour's script.
    static let common = "Zyyy"
    static let inherited = "Zinh"
    static let unknown = "Zzzz"

    /// The script of each scalar ("Arab", "Hani", "Latn", …):
    /// - Inherited characters (combining marks) take the script of the character before them;
    /// - Common characters (spaces, digits, punctuation, emoji) take the script of the run they are
    ///   in, and at the start of a text the script of the first character that has one;
    /// - a closing paired bracket takes the script of its opening bracket, so "(" and ")" share one.
    /// A text with no script at all resolves to "Zyyy" throughout.
    public static func resolve(_ scalars: some Collection<Unicode.Scalar>) -> [String] {
        var out: [String] = []
        out.reserveCapacity(scalars.count)
        var current = common
        var stack: [(id: UInt32, script: String)] = []
        for scalar in scalars {
            var script = HarfBuzzUnicode.script(scalar.value)
            let isNeutral = script == common || script == inherited || script == unknown
            if isNeutral {
                script = current
                if let bracket = UnicodeBidiData.bracketPairIdentifier(scalar.value) {
                    if bracket.isOpen {
                        if stack.count < 64 { stack.append((bracket.id, current)) }
                    } else if let match = stack.lastIndex(where: { $0.id == bracket.id }) {
                        script = stack[match].script
                        current = script
                        stack.removeSubrange(match...)
                    }
                }
            } else {
                if current == common {
                    // The first real script: leading neutrals (and brackets opened there) take it.
                    for i in out.indices { out[i] = script }
                    for i in stack.indices where stack[i].script == common { stack[i].script = script }
                }
                current = script
            }
            out.append(script)
        }
        return out
    }
}
