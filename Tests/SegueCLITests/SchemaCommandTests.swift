// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `segue schema`, run as a user would.
@Suite struct SchemaCommandTests {
    @Test func printsTheCommittedSchemaAsJSON() throws {
        let r = try segue("schema")
        #expect(r.status == 0, "\(r.stderr)")
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/scene.schema.json"), encoding: .utf8)
        #expect(r.stdout == committed)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(json?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect((json?["required"] as? [String]) == ["canvas"])
    }

    @Test func writesAFileAndRefusesANameThatIsNotJSON() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let written = try segue("schema", "-o", box.path("scene.schema.json"))
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        #expect(try String(contentsOfFile: box.path("scene.schema.json"), encoding: .utf8) == (try segue("schema")).stdout)
        let refused = try segue("schema", "-o", box.path("scene.yaml"))
        #expect(refused.status == 2 && refused.stderr.contains(".json"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: box.path("scene.yaml")))
    }
}
