// QueryOverlay: the answers of the queries drawn on a rendering, so a person can see them — a
// selection's rectangles under the glyphs, an offset's carets over them (the secondary dashed).

enum QueryOverlay {
    static let selection = RGBAColor(red: 90, green: 160, blue: 255, alpha: 110)
    static let primaryCaret = RGBAColor(red: 220, green: 20, blue: 60, alpha: 255)
    static let secondaryCaret = RGBAColor(red: 220, green: 20, blue: 60, alpha: 170)
    /// A caret's width, and the dash and gap of the secondary one, in layout px.
    static let caretWidth = 1.5
    static let dash = 3.0
    static let gap = 2.0

    /// The selection's rectangles (under the text) and the carets (over it) that `options` asks for.
    /// - Throws: `.invalidValue` naming "selection" or "caret" for an offset outside the text.
    static func shapes(_ layout: Layout, options: RenderOptions) throws(BidiRenderError) -> (under: [OverlayShape], over: [OverlayShape]) {
        var under: [OverlayShape] = []
        var over: [OverlayShape] = []
        do {
            if let range = options.selection {
                try layout.forEachSelectionRect(for: range) { r in
                    under.append(OverlayShape(kind: .fill, x: r.x, y: r.y, width: r.width, height: r.height, color: selection, role: "selection"))
                }
            }
        } catch {
            throw rename(error, key: "selection")
        }
        do {
            if let offset = options.caret {
                let caret = try layout.caret(at: offset)
                let p = caret.primary
                over.append(OverlayShape(
                    kind: .fill, x: p.x - caretWidth / 2, y: p.top, width: caretWidth, height: p.bottom - p.top,
                    color: primaryCaret, role: "caret primary"))
                if let s = caret.secondary {
                    var y = s.top
                    while y < s.bottom {
                        over.append(OverlayShape(
                            kind: .fill, x: s.x - caretWidth / 2, y: y, width: caretWidth, height: min(dash, s.bottom - y),
                            color: secondaryCaret, role: "caret secondary"))
                        y += dash + gap
                    }
                }
            }
        } catch {
            throw rename(error, key: "caret")
        }
        return (under, over)
    }

    /// `error` with the option's name as its key.
    private static func rename(_ error: BidiRenderError, key: String) -> BidiRenderError {
        guard case .invalidValue(_, let value, let reason) = error else { return error }
        return .invalidValue(key: key, value: value, reason: reason)
    }
}
