// The spans of the styled benchmark, shared by `layout-styled` and `Soak layouts styled`, so that the
// profiler measures the same layouts as the benchmark.
@_spi(Tools) import BidiRender

/// A message's two spans: a link colour over its first @-mention (or its first word when it has
/// none) and bold over its first six code points.
public func styledSpans(for text: String) -> [TextSpan] {
    let scalars = Array(text.unicodeScalars)
    let at = scalars.firstIndex(of: "@") ?? 0
    var end = at + 1
    while end < scalars.count, scalars[end] != " " { end += 1 }
    var mention = TextSpan(range: at..<end)
    mention.color = RGBAColor(red: 0x1a, green: 0x73, blue: 0xe8)
    return [mention, TextSpan(range: 0..<min(6, scalars.count), weight: .bold)]
}
