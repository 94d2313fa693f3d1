// NameValue: a NAME=VALUE command-line argument (`format`'s arguments, `preview`'s --field) split at
// its first "=" as a code point: a value that starts with a combining mark or a skin-tone modifier
// makes "=" and that character one grapheme cluster, which a Character search does not find.

enum NameValue {
    /// The name before the first "=" and the value after it; nil without an "=" or with an empty name.
    static func split(_ argument: String) -> (name: String, value: String)? {
        let scalars = argument.unicodeScalars
        guard let equals = scalars.firstIndex(of: "="), equals != scalars.startIndex else { return nil }
        return (String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
    }
}
