// LayoutQuery: the queries of `bidirender query` (--point, --entity-at, --caret, --range, --move,
// --intrinsic), parsed in the order they were given, and answered as one {"queries":[…]} document.

/// One query on a layout, as given on the command line.
package enum LayoutQuery: Equatable, Sendable {
    case point(x: Double, y: Double)
    /// The entity whose tap targets hold a point (`Layout.entity(atX:y:)`).
    case entity(x: Double, y: Double)
    case caret(offset: Int, affinity: TextAffinity)
    case range(start: Int, end: Int)
    case move(offset: Int, movement: CaretMovement)
    /// The min-content and max-content widths of the text (`LayoutEngine.intrinsicWidths`).
    case intrinsic

    /// The query as the user wrote it, for error messages ("--caret 99").
    package var label: String {
        switch self {
        case .point(let x, let y): return "--point \(JSONText.number(x)),\(JSONText.number(y))"
        case .entity(let x, let y): return "--entity-at \(JSONText.number(x)),\(JSONText.number(y))"
        case .caret(let offset, let affinity): return "--caret \(offset)" + (affinity == .upstream ? ":upstream" : "")
        case .range(let start, let end): return "--range \(start):\(end)"
        case .move(let offset, let movement): return "--move \(offset):\(movement.rawValue)"
        case .intrinsic: return "--intrinsic"
        }
    }

    /// The flags this parser takes, for the help text.
    package static let flags = ["--point", "--entity-at", "--caret", "--range", "--move", "--intrinsic"]

    /// The text and the queries in `arguments`, in order: "--point X,Y", "--entity-at X,Y", "--caret
    /// OFFSET[:upstream|downstream]", "--range START:END", "--move
    /// OFFSET:left|right|next|previous|up|down", each with its value as the next argument or after
    /// "=", and "--intrinsic". The one argument that is neither a query nor a query's value is the
    /// text, before the queries, among them or after them; after "--" the next argument is the text
    /// whatever it looks like ("-5 apples"). Anything else (another option, a second text) is an
    /// error naming it.
    package static func parse(_ arguments: [String]) throws(WireError) -> (text: String?, queries: [LayoutQuery]) {
        var queries: [LayoutQuery] = []
        var text: String?
        func setText(_ value: String) throws(WireError) {
            guard text == nil else {
                throw WireError(message: "two texts: '\(text ?? "")' and '\(value)' (give one text; after -- it may start with '-')")
            }
            text = value
        }
        var k = 0
        while k < arguments.count {
            if arguments[k] == "--" {
                // Everything after -- is the text.
                for value in arguments[(k + 1)...] { try setText(value) }
                break
            }
            if !arguments[k].hasPrefix("-") || arguments[k] == "-" {
                try setText(arguments[k])
                k += 1
                continue
            }
            var flag = arguments[k]
            var value: String?
            if let equals = flag.firstIndex(of: "="), flag.hasPrefix("--") {
                value = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            }
            if flag == "--intrinsic" {
                guard value == nil else { throw WireError(message: "--intrinsic takes no value") }
                queries.append(.intrinsic)
                k += 1
                continue
            }
            guard flags.contains(flag) else {
                throw WireError(message: 
                    "unknown argument '\(arguments[k])': queries are \(flags.joined(separator: ", ")) (a text that starts with '-' goes after --)")
            }
            if value == nil {
                guard k + 1 < arguments.count else { throw WireError(message: "\(flag): missing value") }
                k += 1
                value = arguments[k]
            }
            queries.append(try parse(flag: flag, value: value ?? ""))
            k += 1
        }
        return (text, queries)
    }

    /// One query from its flag and value.
    private static func parse(flag: String, value: String) throws(WireError) -> LayoutQuery {
        let point = flag == "--point" || flag == "--entity-at"
        let parts = value.split(separator: point ? "," : ":", omittingEmptySubsequences: false).map(String.init)
        func offset(_ text: String) throws(WireError) -> Int {
            guard let n = Int(text), n >= 0 else {
                throw WireError(message: "\(flag) \(value): '\(text)' is not an offset (a whole number, 0 or more)")
            }
            return n
        }
        switch flag {
        case "--point", "--entity-at":
            guard parts.count == 2, let x = WireNumber.double(parts[0]), let y = WireNumber.double(parts[1]), x.isFinite, y.isFinite else {
                throw WireError(message: "\(flag) \(value): expected X,Y (two finite numbers of px)")
            }
            return flag == "--point" ? .point(x: x, y: y) : .entity(x: x, y: y)
        case "--caret":
            guard parts.count == 1 || parts.count == 2 else {
                throw WireError(message: "--caret \(value): expected OFFSET or OFFSET:upstream|downstream")
            }
            let affinity = parts.count == 2 ? TextAffinity(rawValue: parts[1]) : .downstream
            guard let affinity else {
                throw WireError(message: "--caret \(value): the affinity is upstream or downstream, not '\(parts[1])'")
            }
            return .caret(offset: try offset(parts[0]), affinity: affinity)
        case "--range":
            guard parts.count == 2 else { throw WireError(message: "--range \(value): expected START:END") }
            let (start, end) = (try offset(parts[0]), try offset(parts[1]))
            guard start <= end else { throw WireError(message: "--range \(value): the start is after the end") }
            return .range(start: start, end: end)
        default:
            let names = CaretMovement.allCases.map(\.rawValue).joined(separator: "|")
            guard parts.count == 2, let movement = CaretMovement(rawValue: parts[1]) else {
                throw WireError(message: "--move \(value): expected OFFSET:\(names)")
            }
            return .move(offset: try offset(parts[0]), movement: movement)
        }
    }

    /// The answer on `layout` (and, for `.intrinsic`, the text's `intrinsic` widths), one JSON
    /// object. An offset out of range is an error naming the query.
    package func answer(on layout: Layout, intrinsic: IntrinsicWidths?) throws(WireError) -> String {
        let n = JSONText.number
        do {
            switch self {
            case .point(let x, let y):
                let hit = try layout.offset(atX: x, y: y)
                return "{\"point\":[\(n(x)),\(n(y))],\"offset\":\(hit.offset),\"affinity\":\"\(hit.affinity.rawValue)\",\"line\":\(hit.line),\"inside\":\(hit.isInside)}"
            case .entity(let x, let y):
                var entity = "null"
                if let hit = try layout.entity(atX: x, y: y) {
                    entity = ""
                    Layout.writeEntity(hit, kind: true, to: &entity)
                }
                return "{\"entityAt\":[\(n(x)),\(n(y))],\"entity\":\(entity)}"
            case .caret(let offset, let affinity):
                let caret = try layout.caret(at: offset, affinity: affinity)
                func position(_ p: CaretPosition) -> String {
                    "{\"x\":\(n(p.x)),\"top\":\(n(p.top)),\"bottom\":\(n(p.bottom)),\"direction\":\"\(p.direction.rawValue)\"}"
                }
                let secondary = caret.secondary.map(position) ?? "null"
                return "{\"caret\":\(offset),\"affinity\":\"\(affinity.rawValue)\",\"line\":\(caret.line),\"primary\":\(position(caret.primary)),\"secondary\":\(secondary)}"
            case .range(let start, let end):
                let rects = try layout.selectionRects(for: start..<end).map {
                    "{\"x\":\(n($0.x)),\"y\":\(n($0.y)),\"width\":\(n($0.width)),\"height\":\(n($0.height))}"
                }
                return "{\"range\":[\(start),\(end)],\"rects\":[\(rects.joined(separator: ","))]}"
            case .move(let offset, let movement):
                let to = try layout.move(movement, from: offset)
                return "{\"move\":\(offset),\"to\":\(to.offset),\"affinity\":\"\(to.affinity.rawValue)\",\"direction\":\"\(movement.rawValue)\"}"
            case .intrinsic:
                // Measured by the caller (`LayoutEngine.intrinsicWidths`) whenever a query asks.
                let widths = intrinsic ?? IntrinsicWidths(min: .nan, max: .nan)
                return "{\"intrinsic\":{\"min\":\(n(widths.min)),\"max\":\(n(widths.max))}}"
            }
        } catch {
            if case .invalidValue(_, _, let reason) = error { throw WireError(message: "\(label): \(reason)") }
            throw WireError(message: "\(label): \(error)")
        }
    }
}

extension LayoutQuery {
    /// The answers to `queries` on `text` with `spans` laid out by `engine` with `options`:
    /// {"queries":[…]} and a newline, every answer computed before any is written.
    /// - Throws: `WireError` naming a query the layout cannot answer (an offset out of range), or
    ///   the layout's error.
    package static func document(
        _ queries: [LayoutQuery], for text: String, spans: [TextSpan] = [], options: LayoutOptions, engine: LayoutEngine
    ) throws -> String {
        let result = try engine.layout(text, spans: spans, options: options)
        let intrinsic = queries.contains(.intrinsic) ? try engine.measureIntrinsicWidths(text, spans: spans, options: options) : nil
        let answers = try queries.map { query throws(WireError) in try query.answer(on: result, intrinsic: intrinsic) }
        return "{\"queries\":[\(answers.joined(separator: ","))]}\n"
    }
}
