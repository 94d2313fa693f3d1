// AttributeMap+Options: a layout's font attributes, the options' weight, style and locale under
// the spans that set their own.

extension AttributeMap {
    /// The options' attributes over `count` code points, overridden by each span that sets one, in
    /// order (a later span wins).
    init(spans: [TextSpan], options: LayoutOptions, count: Int) {
        self.init(
            spans: spans, base: Attributes(weight: options.weight, style: options.style, locale: options.locale),
            count: count)
    }
}
