// LayoutDump: a Layout as the documented JSON contract, or as text in the spirit of hb-shape
// (one line per visual run).

import Foundation

extension Layout {
    /// The layout as compact JSON (version 1; fields may be added):
    /// {"version":1,"paragraphs":[{"start","end","direction"}],"size":{"width","height"},
    ///  "lines":[{"start","end","x","baseline","width","ascent","descent","runs":[{"start","end",
    ///  "level","direction","script","language","font":{"family","weight","style","file"},"x",
    ///  "advance","glyphs":[{"id","cluster","x","y","advance"}]}]}],
    ///  "mentions":[{"start","end","direction"}],"fallbacks":[{"start","end","source","family","file"}]}
    /// Font files are relative to `fontDirectory` when inside it.
    public func jsonDocument(fontDirectory: String? = nil) -> String {
        var out = "{\"version\":1,\"paragraphs\":["
        out += paragraphs.map {
            "{\"start\":\($0.range.lowerBound),\"end\":\($0.range.upperBound),\"direction\":\"\($0.direction.rawValue)\"}"
        }.joined(separator: ",")
        out += "],\"size\":{\"width\":\(JSONText.number(width)),\"height\":\(JSONText.number(height))},\"lines\":["
        out += lines.map { line in
            var l = "{\"start\":\(line.range.lowerBound),\"end\":\(line.range.upperBound),\"x\":\(JSONText.number(line.x))"
            l += ",\"baseline\":\(JSONText.number(line.baseline)),\"width\":\(JSONText.number(line.width))"
            l += ",\"ascent\":\(JSONText.number(line.ascent)),\"descent\":\(JSONText.number(line.descent)),\"runs\":["
            l += line.runs.map { run in
                var r = "{\"start\":\(run.range.lowerBound),\"end\":\(run.range.upperBound),\"level\":\(run.level)"
                r += ",\"direction\":\"\(run.direction.rawValue)\",\"script\":\(JSONText.quote(run.script))"
                r += ",\"language\":" + (run.language.map(JSONText.quote) ?? "null")
                r += ",\"font\":{\"family\":\(JSONText.quote(run.font.family)),\"weight\":\(run.font.weight.value)"
                r += ",\"style\":\"\(run.font.style.rawValue)\",\"file\":\(JSONText.quote(Self.file(run.font.file, fontDirectory)))}"
                r += ",\"x\":\(JSONText.number(run.x)),\"advance\":\(JSONText.number(run.advance)),\"glyphs\":["
                r += run.glyphs.map {
                    "{\"id\":\($0.id),\"cluster\":\($0.cluster),\"x\":\(JSONText.number($0.x)),\"y\":\(JSONText.number($0.y)),\"advance\":\(JSONText.number($0.advance))}"
                }.joined(separator: ",")
                return r + "]}"
            }.joined(separator: ",")
            return l + "]}"
        }.joined(separator: ",")
        out += "],\"mentions\":["
        out += mentions.map {
            "{\"start\":\($0.range.lowerBound),\"end\":\($0.range.upperBound),\"direction\":\"\($0.direction.rawValue)\"}"
        }.joined(separator: ",")
        out += "],\"fallbacks\":["
        out += fallbacks.map {
            "{\"start\":\($0.range.lowerBound),\"end\":\($0.range.upperBound),\"source\":\(JSONText.quote($0.source.label)),"
                + "\"family\":\(JSONText.quote($0.font.family)),\"file\":\(JSONText.quote(Self.file($0.font.file, fontDirectory)))}"
        }.joined(separator: ",")
        return out + "]}"
    }

    /// The layout as text, one line per visual run:
    /// `line L run R [start,end) level N ltr|rtl Script language font-file weight x=X [gid=cluster@x,y+advance|…]`
    /// with x and y absolute in px, then the first `WarningSummary.limit` fallbacks, one line each, and
    /// a count of the rest. Font files are relative to `fontDirectory` when inside it.
    public func textDump(fontDirectory: String? = nil) -> String {
        var out = ""
        for (l, line) in lines.enumerated() {
            if line.runs.isEmpty {
                out += "line \(l) [\(line.range.lowerBound),\(line.range.upperBound)) empty\n"
            }
            for (r, run) in line.runs.enumerated() {
                out += "line \(l) run \(r) [\(run.range.lowerBound),\(run.range.upperBound)) level \(run.level) \(run.direction.rawValue)"
                out += " \(run.script) \(run.language ?? "-") \(Self.file(run.font.file, fontDirectory)) \(run.font.weight)"
                out += " x=\(JSONText.number(run.x)) ["
                out += run.glyphs.map {
                    "\($0.id)=\($0.cluster)@\(JSONText.number($0.x)),\(JSONText.number($0.y))+\(JSONText.number($0.advance))"
                }.joined(separator: "|")
                out += "]\n"
            }
        }
        let summary = WarningSummary.lines(
            fallbacks,
            line: { fallback in
                let what = fallback.source == .notdef ? "warning: no font covers" : "fallback: fontconfig serves"
                return "\(what) [\(fallback.range.lowerBound),\(fallback.range.upperBound)) with \(fallback.font.family)"
            },
            more: { count in
                let notdef = fallbacks.dropFirst(WarningSummary.limit).filter { $0.source == .notdef }.count
                return "warning: and \(count) more: \(notdef) that no font covers, \(count - notdef) through fontconfig"
                    + " (the JSON document lists them all)"
            })
        for line in summary { out += line + "\n" }
        return out
    }

    static func file(_ path: String, _ directory: String?) -> String {
        guard let directory, path.hasPrefix(directory + "/") else { return path }
        return String(path.dropFirst(directory.count + 1))
    }
}
