// DirectionOptions: --direction, --fallback and --bidi, shared by the commands that resolve paragraphs.
import ArgumentParser
import BidiRender

/// A paragraph direction as the command line spells it.
enum DirectionArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case ltr, rtl, auto
}

/// A resolved direction as the command line spells it.
enum FallbackArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case ltr, rtl

    var direction: TextDirection { self == .ltr ? .leftToRight : .rightToLeft }
}

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
        try Self.check(direction, fallback)
    }

    /// The library's direction: auto (with the fallback, if any) unless forced.
    var paragraphDirection: ParagraphDirection {
        Self.resolve(direction, fallback)
    }

    /// Rejects a fallback given with a forced direction.
    static func check(_ direction: DirectionArgument?, _ fallback: FallbackArgument?) throws(ValidationError) {
        if fallback != nil, let direction, direction != .auto {
            throw ValidationError("--fallback applies only to --direction auto, not \(direction.rawValue)")
        }
    }

    static func resolve(_ direction: DirectionArgument?, _ fallback: FallbackArgument?) -> ParagraphDirection {
        switch direction {
        case .ltr: return .leftToRight
        case .rtl: return .rightToLeft
        case .auto, nil: return fallback.map { .autoWithFallback($0.direction) } ?? .auto
        }
    }
}
