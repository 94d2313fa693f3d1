// BidiReorderer+Resolve: level resolution (UAX #9 P2–I2) of one loaded paragraph with the chosen
// engine, through BidiEngineBackend. A paragraph the FriBidi engine leaves (its guard, or an allocation
// FriBidi could not make) goes to the native engine.

extension BidiReorderer {
    /// Resolves paragraph `index` (P2–I2) into `levels` with `engine` and returns its paragraph
    /// level.
    func resolve(paragraph index: Int, direction: ParagraphDirection) -> UInt8 {
        let p = paragraphs[index]
        let input = BidiParagraphInput(
            classes: classes + p.start, brackets: brackets + p.start, count: p.end - p.start, classSet: p.classSet)
        let levels = self.levels + p.start
        if engine == .fribidi, let base = fribidi.resolve(input, direction: direction, levels: levels) {
            native.loadedWeakTypes = nil
            return base
        }
        // The native engine never declines.
        return native.resolve(input, direction: direction, levels: levels) ?? 0
    }
}
