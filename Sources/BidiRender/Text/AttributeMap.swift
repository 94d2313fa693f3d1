// AttributeMap: the weight, style and locale in force at each code point — the layout options,
// overridden by the attributed spans in order — as a small table and an index per code point.

/// The font attributes in force at a code point.
struct Attributes: Hashable {
    var weight: FontWeight
    var style: FontStyle
    var locale: LocaleTag
    /// A span's size in px, nil for the options' size.
    var size: Double? = nil
    /// A span's OpenType features (HarfBuzz's syntax), none by default.
    var features: [String] = []
}

/// The attributes of the text: a table, and for each code point its index in the table (all 0, and
/// no per-code-point array, when no span sets any).
struct AttributeMap {
    var table: [Attributes]
    var index: [Int32]?
    /// The paint of each code point (colour, background, decorations), apart from the font
    /// attributes: it never changes shaping.
    var styles = StyleMap(spans: [], count: 0)

    subscript(i: Int) -> Attributes { table[index.map { Int($0[i]) } ?? 0] }
    func id(_ i: Int) -> Int32 { index?[i] ?? 0 }

    /// The options' attributes over `count` code points, overridden by each span that sets one, in
    /// order (a later span wins).
    init(spans: [TextSpan], options: LayoutOptions, count: Int) {
        let base = Attributes(weight: options.weight, style: options.style, locale: options.locale)
        guard spans.contains(where: \.setsAttributes) else {
            self.init(table: [base], index: nil)
            styles = StyleMap(spans: spans, count: count)
            return
        }
        var perScalar = [Attributes](repeating: base, count: count)
        for span in spans where span.setsAttributes {
            let lo = max(0, span.range.lowerBound)
            let hi = min(count, span.range.upperBound)
            guard lo < hi else { continue }
            for i in lo..<hi {
                if let weight = span.weight { perScalar[i].weight = weight }
                if let style = span.style { perScalar[i].style = style }
                if let locale = span.locale { perScalar[i].locale = locale }
                if let size = span.size { perScalar[i].size = size }
                if let features = span.features { perScalar[i].features = features }
            }
        }
        var table: [Attributes] = [base]
        var ids: [Attributes: Int32] = [base: 0]
        var index = [Int32](repeating: 0, count: count)
        for (i, a) in perScalar.enumerated() {
            if let id = ids[a] {
                index[i] = id
            } else {
                let id = Int32(table.count)
                table.append(a)
                ids[a] = id
                index[i] = id
            }
        }
        self.init(table: table, index: index)
        styles = StyleMap(spans: spans, count: count)
    }

    init(table: [Attributes], index: [Int32]?) {
        self.table = table
        self.index = index
    }
}
