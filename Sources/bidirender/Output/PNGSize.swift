// PNGSize: a PNG's size as its header gives it, for the "wrote …" lines of `render` and `compose`.

enum PNGSize {
    /// "W×H px" from the IHDR chunk of `png` (width and height, big-endian, at bytes 16 and 20);
    /// nil for bytes too short to hold one.
    static func text(_ png: [UInt8]) -> String? {
        guard png.count >= 24 else { return nil }
        let word = { (at: Int) in png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return "\(word(16))×\(word(20)) px"
    }
}
