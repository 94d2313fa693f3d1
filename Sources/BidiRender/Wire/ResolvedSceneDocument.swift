// ResolvedSceneDocument: the JSON document `compose --format json` writes for a resolved scene.

extension ResolvedScene {
    /// The resolved-scene contract as one JSON document, written to `out`:
    /// `{"size":{"width","height"},"direction","nodes":[{"path","kind","frame":[x,y,w,h],"viewType","mirrored"}]}`.
    package func writeJSON(to out: inout some TextOutputStream) {
        out.write("{\"size\":{\"width\":\(JSONText.number(width)),\"height\":\(JSONText.number(height))},")
        out.write("\"direction\":\"\(direction.rawValue)\",\"nodes\":[")
        for (i, node) in nodes.enumerated() {
            node.writeJSON(to: &out, first: i == 0)
        }
        out.write("]}")
    }
}

extension ResolvedSceneNode {
    /// One node of the document, after a comma unless it is the `first`.
    fileprivate func writeJSON(to out: inout some TextOutputStream, first: Bool) {
        let n = JSONText.number
        out.write(first ? "{" : ",{")
        out.write("\"path\":\(JSONText.quote(path)),\"kind\":\"\(kind)\",")
        out.write("\"frame\":[\(n(frame.x)),\(n(frame.y)),\(n(frame.width)),\(n(frame.height))],")
        out.write("\"viewType\":\"\(viewType.rawValue)\",\"mirrored\":\(mirrored)}")
    }
}
