// Helpers for layout tests: one shared engine, and the visual order of a line's characters.
import Foundation
@_spi(Tools) @testable import BidiRender

enum TestLayout {
    /// The engine on the embedded fonts, without system fonts (reproducible).
    static let engine = LayoutEngine(registry: TestFonts.registry)

    static func layout(
        _ text: String, _ direction: ParagraphDirection, locale: String = "ar", width: Double? = nil,
        align: TextAlignment = .natural, digits: DigitSubstitution = .western,
        spans: [TextSpan] = [], size: Double = 16, isolate: EntityKinds = .all
    ) -> Layout {
        try! engine.layout(
            text, spans: spans,
            options: LayoutOptions(
                direction: direction, locale: LocaleTag(locale), size: size, maxWidth: width, alignment: align,
                digits: digits, isolate: isolate))
    }

    /// The code point offsets of a line from left to right: each run's range, ascending in an LTR run
    /// and descending in an RTL one.
    static func visualOrder(_ line: LayoutLine) -> [Int] {
        line.runs.flatMap { run in
            run.direction == .leftToRight ? Array(run.range) : Array(run.range.reversed())
        }
    }

    /// Visual order of every line, concatenated.
    static func visualOrder(_ layout: Layout) -> [Int] {
        layout.lines.flatMap(visualOrder)
    }
}

extension Entity {
    /// The entity without its rectangles, to compare with an `Entity(kind:range:direction:id:)`.
    var unplaced: Entity { Entity(kind: kind, range: range, direction: direction, id: id) }
}
