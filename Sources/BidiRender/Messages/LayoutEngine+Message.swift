// LayoutEngine+Message: a localized message laid out in one call, in the direction of the language
// that served it.

extension LayoutEngine {
    /// Lays out `message.text` with the paragraph direction forced to `message.direction` (whatever
    /// `options.direction` says), so "{name} بدأ في متابعتك" is an RTL paragraph even when the name
    /// comes first. When `options.locale` is "default", the message's locale picks the fonts.
    /// `spans` are in code point offsets of `message.text`: `message.argumentRanges` gives each text
    /// argument's, to style a name (`TextSpan(range: message.argumentRanges["name"]!, weight: .bold)`).
    /// - Throws: as `layout(_:spans:options:)`.
    public func layout(
        _ message: LocalizedMessage, spans: [TextSpan] = [], options: LayoutOptions = LayoutOptions()
    ) throws(BidiRenderError) -> Layout {
        var options = options
        options.direction = message.paragraphDirection
        if options.locale.normalized == "default" { options.locale = message.locale }
        return try layout(message.text, spans: spans, options: options)
    }
}
