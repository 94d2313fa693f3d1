// DirectionOptions: --direction, --fallback and --bidi, shared by the commands that resolve paragraphs.
import ArgumentParser
@_spi(Tools) import BidiRender

/// A paragraph direction as the command line spells it.
typealias DirectionArgument = DirectionRequest.Direction
/// A resolved direction as the command line spells it.
typealias FallbackArgument = DirectionRequest.Fallback

extension DirectionRequest.Direction: ExpressibleByArgument {}
extension DirectionRequest.Fallback: ExpressibleByArgument {}

extension BidiEngine: ExpressibleByArgument {}

/// The paragraph direction options, and which bidi engine resolves the paragraphs.
struct DirectionOptions: ParsableArguments {
    @Option(help: "Paragraph direction: forced ltr or rtl, or auto (first strong character; the default).")
    var direction: DirectionArgument?

    @Option(help: "With auto: the direction of a paragraph that has no strong character.")
    var fallback: FallbackArgument?

    @Option(
        name: .customLong("bidi"),
        help: "The UAX #9 implementation: native (the default: faster, free of FriBidi 1.0.8's bugs) or fribidi.")
    var bidiEngine: BidiEngine = .native

    func validate() throws {
        do {
            try request.check()
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The direction and fallback as a request, which a JSON line's fields override.
    var request: DirectionRequest { DirectionRequest(direction: direction, fallback: fallback) }

    /// The library's direction: auto (with the fallback, if any) unless forced.
    var paragraphDirection: ParagraphDirection { request.resolved }
}
