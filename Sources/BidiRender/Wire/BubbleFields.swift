// BubbleFields: the bubble's fields of a `bubble --jsonl` line over the command line's parameters —
// "width" (the bubble's maximum width, as for a layout), "uiDirection", "padding" (a number, or
// [horizontal, vertical]), "slot" ({"width","height"} or {"text","size","color"}, or null),
// "slotGap", "balance" and "jumbomoji" (a count of the default factors, "off", or a list of factors).

import Foundation

package enum BubbleFields {
    /// The keys a bubble line takes beside the layout's.
    package static let keys: Set<String> = ["uiDirection", "padding", "slot", "slotGap", "balance", "jumbomoji"]

    /// The default size factors of jumbomoji by count: 3× for one emoji, 2.5× for two, 2× for three,
    /// then 1.75× and 1.5× for every count after.
    package static func jumbomojiScales(count: Int) -> [Double] {
        (0..<max(0, count)).map { [3, 2.5, 2, 1.75][safe: $0] ?? 1.5 }
    }

    /// `base` overridden by the bubble fields of `object` (its "width", already read into
    /// `maxWidth` by the layout options, is the bubble's maximum width).
    package static func parameters(
        _ object: [String: Any], base: BubbleParameters, maxWidth: Double?
    ) throws(WireError) -> BubbleParameters {
        var b = base
        if let maxWidth { b.maxWidth = maxWidth }
        if let ui = try WireFields.choice(object, "uiDirection", as: TextDirection.self) { b.uiDirection = ui }
        if let padding = WireFields.value(object, "padding") {
            if let all = WireFields.double(padding) {
                (b.horizontalPadding, b.verticalPadding) = (all, all)
            } else if let pair = padding as? [Any], pair.count == 2, let h = WireFields.double(pair[0]), let v = WireFields.double(pair[1]) {
                (b.horizontalPadding, b.verticalPadding) = (h, v)
            } else {
                throw WireError("\"padding\" must be a number or [horizontal, vertical]", at: [.key("padding")])
            }
        }
        if object.keys.contains("slot") { b.slot = try slot(object["slot"] ?? NSNull()) }
        if let gap = try WireFields.number(object, "slotGap") { b.slotGap = gap }
        if let balance = try WireFields.boolean(object, "balance") { b.balanced = balance }
        if let jumbomoji = WireFields.value(object, "jumbomoji") { b.jumbomoji = try self.jumbomoji(jumbomoji) }
        return b
    }

    /// A "slot" value: null, a box or a text.
    static func slot(_ value: Any?) throws(WireError) -> BubbleSlot? {
        guard let value, !(value is NSNull) else { return nil }
        guard let object = value as? [String: Any] else {
            throw WireError("\"slot\" must be {\"width\",\"height\"}, {\"text\",\"size\",\"color\"} or null", at: [.key("slot")])
        }
        let path: WireFields.Path = [.key("slot")]
        if let text = try WireFields.string(object, "text", in: path) {
            try WireFields.checkKeys(object, ["text", "size", "color"], in: path)
            let size = try WireFields.number(object, "size", in: path) ?? 12
            var color = RGBAColor.black
            if let hex = try WireFields.string(object, "color", in: path) {
                guard let parsed = RGBAColor(parsing: hex) else {
                    throw WireError("\"slot.color\" must be #RRGGBB, #RRGGBBAA, #RGB or #RGBA, not \"\(hex)\"", at: path + [.key("color")])
                }
                color = parsed
            }
            return .text(text, size: size, color: color)
        }
        try WireFields.checkKeys(object, ["width", "height"], in: path)
        guard let width = try WireFields.number(object, "width", in: path),
            let height = try WireFields.number(object, "height", in: path)
        else { throw WireError("\"slot\" needs \"width\" and \"height\" (or \"text\")", at: path) }
        return .box(width: width, height: height)
    }

    /// A "jumbomoji" value: "off", a count of the default factors (0 to 16), or a list of factors.
    static func jumbomoji(_ value: Any) throws(WireError) -> [Double] {
        let path: WireFields.Path = [.key("jumbomoji")]
        if let text = value as? String, text == "off" { return [] }
        if let list = value as? [Any] {
            var scales: [Double] = []
            for (i, item) in list.prefix(17).enumerated() {
                guard let scale = WireFields.double(item) else {
                    throw WireError("\"jumbomoji[\(i)]\" must be a number", at: path + [.index(i)])
                }
                scales.append(scale)
            }
            return scales
        }
        if !WireFields.isBoolean(value), let count = try WireFields.integer(value, at: path, in: 0...16) {
            return jumbomojiScales(count: count)
        }
        throw WireError("\"jumbomoji\" must be \"off\", a count from 0 to 16 or a list of size factors", at: path)
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
