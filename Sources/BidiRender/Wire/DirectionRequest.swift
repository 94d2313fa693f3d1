// DirectionRequest: a paragraph direction as a request spells it ("direction": ltr, rtl or auto,
// and with auto a "fallback" for a paragraph without a strong character), as `--direction` and
// `--fallback` do on the command line.

/// A requested paragraph direction, before it is resolved.
package struct DirectionRequest: Sendable, Equatable {
    /// "direction": forced ltr or rtl, or auto (first strong character).
    package enum Direction: String, CaseIterable, Sendable {
        case ltr, rtl, auto
    }

    /// "fallback": with auto, the direction of a paragraph that has no strong character.
    package enum Fallback: String, CaseIterable, Sendable {
        case ltr, rtl

        /// The library's direction.
        package var direction: TextDirection { self == .ltr ? .leftToRight : .rightToLeft }
    }

    /// The direction asked for (nil: auto).
    package var direction: Direction?
    /// The fallback asked for.
    package var fallback: Fallback?

    /// A request of `direction` and `fallback`.
    package init(direction: Direction? = nil, fallback: Fallback? = nil) {
        self.direction = direction
        self.fallback = fallback
    }

    /// Throws when a fallback is given with a forced direction.
    package func check() throws(WireError) {
        if fallback != nil, let direction, direction != .auto {
            throw WireError(message: "--fallback applies only to --direction auto, not \(direction.rawValue)")
        }
    }

    /// The library's direction: auto (with the fallback, if any) unless forced.
    package var resolved: ParagraphDirection {
        switch direction {
        case .ltr: return .leftToRight
        case .rtl: return .rightToLeft
        case .auto, nil: return fallback.map { .autoWithFallback($0.direction) } ?? .auto
        }
    }

    /// This request overridden by an object's "direction" and "fallback", checked. The object's
    /// forced direction overrides the command line's fallback too (a default for auto); the
    /// object's "fallback" with a forced direction, its own or the command line's, is an error at
    /// its key.
    func overridden(by object: [String: Any]) throws(WireError) -> DirectionRequest {
        let own = try WireFields.choice(object, "direction", as: Direction.self)
        let ownFallback = try WireFields.choice(object, "fallback", as: Fallback.self)
        let direction = own ?? direction
        if ownFallback != nil, let direction, direction != .auto {
            let whose = own == nil ? "--direction is" : "\"direction\" is"
            throw WireError("\"fallback\" applies only to direction auto, and \(whose) \(direction.rawValue)", at: [.key("fallback")])
        }
        let forced = own.map { $0 != .auto } ?? false
        return DirectionRequest(direction: direction, fallback: ownFallback ?? (forced ? nil : fallback))
    }
}
