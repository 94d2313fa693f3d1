// The resolved-scene document `compose --format json` writes: its exact bytes for a small RTL scene.
import Testing
@testable import BidiRender

@Suite struct ResolvedSceneDocumentTests {
    /// The JSON contract: size, direction and every node with path, kind, frame, viewType, mirrored
    /// (a rectangle 10 px from the leading edge of a 100 px RTL canvas lands at x 70).
    @Test func jsonContract() {
        let resolved = TestScene.scene(.rightToLeft, width: 100, [TestScene.rect(.leading(10, top: 0, width: 20, height: 5))]).resolved()
        var json = ""
        resolved.writeJSON(to: &json)
        #expect(json == """
            {"size":{"width":100,"height":100},"direction":"rtl","nodes":[\
            {"path":"root","kind":"group","frame":[0,0,100,100],"viewType":"inherit","mirrored":true},\
            {"path":"root.children[0]","kind":"rect","frame":[70,0,20,5],"viewType":"inherit","mirrored":true}]}
            """)
    }
}
