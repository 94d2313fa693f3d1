// AttributeMap: the weight, style, locale, size and features in force at each code point — the options,
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

    /// Whether `a` and `b` are equal, read where they lie: `==` on a table's entry copies it first
    /// (a retain and a release for each of its locale's string and subtags and its features). It reads
    /// every stored field, as `==` does (`AttributesEqualTests` checks that they agree); a locale's
    /// subtags are a function of its normalized tag.
    @inline(__always)
    static func equal(_ a: UnsafePointer<Attributes>, _ b: UnsafePointer<Attributes>) -> Bool {
        a.pointee.weight == b.pointee.weight && a.pointee.style == b.pointee.style && a.pointee.size == b.pointee.size
            && a.pointee.locale.normalized == b.pointee.locale.normalized && a.pointee.features == b.pointee.features
    }
}

/// The attributes of the text: a table, and for each code point its index in the table (all 0, and
/// no per-code-point array, when no span sets any).
struct AttributeMap {
    var table: [Attributes]
    var index: [Int32]?
    /// The paint of each code point (colour, background, decorations), apart from the font
    /// attributes: it never changes shaping.
    var styles = StyleMap(spans: [], count: 0)
    /// The inline boxes of the spans, sorted by start (`TextSpan.inlineBox`); they change the text
    /// the stages see (`TextBuffer.replace`).
    var inlines: [InlineSpan] = []

    subscript(i: Int) -> Attributes { table[index.map { Int($0[i]) } ?? 0] }
    func id(_ i: Int) -> Int32 { index?[i] ?? 0 }

    /// The `base` attributes over `count` code points, overridden by each span that sets one, in
    /// order (a later span wins).
    init(spans: [TextSpan], base: Attributes, count: Int) {
        guard spans.contains(where: \.setsAttributes) else {
            self.init(table: [base], index: nil)
            styles = StyleMap(spans: spans, count: count)
            inlines = InlineSpan.boxes(of: spans)
            return
        }
        var values = SpanTable(base: base, count: count)
        for span in spans where span.setsAttributes {
            values.apply(span.range) { a in
                if let weight = span.weight { a.weight = weight }
                if let style = span.style { a.style = style }
                if let locale = span.locale { a.locale = locale }
                if let size = span.size { a.size = size }
                if let features = span.features { a.features = features }
            }
        }
        self.init(table: values.table, index: values.index)
        styles = StyleMap(spans: spans, count: count)
        inlines = InlineSpan.boxes(of: spans)
    }

    init(table: [Attributes], index: [Int32]?) {
        self.table = table
        self.index = index
    }
}
