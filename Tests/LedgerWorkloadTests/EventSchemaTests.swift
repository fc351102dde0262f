import EventLedger
import Foundation
import LedgerWorkload
import Testing

/// The JSON Schemas in schemas/ cover the whole event catalog: a payload schema per type,
/// listed where the envelope and batch-line schemas list the types.
@Suite struct EventSchemaTests {
    /// The package's `schemas` directory, found from this source file's location.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LedgerWorkloadTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("schemas")

    /// The schema at `path` under schemas/, as an object.
    func schema(_ path: String) throws -> [String: JSONValue] {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(path))
        return try #require(try JSONValue.parse(String(decoding: data, as: UTF8.self)).objectValue, "\(path) is not an object")
    }

    /// The types the `allOf` branches of `schema` name, in order.
    func typesOfBranches(_ schema: [String: JSONValue]) -> [String] {
        (schema["allOf"]?.arrayValue ?? []).compactMap { branch in
            branch.objectValue?["if"]?.objectValue?["properties"]?.objectValue?["type"]?.objectValue?["const"]?.stringValue
        }
    }

    @Test func everyEventTypeHasAPayloadSchemaAndIsListedInTheEnvelopeAndBatchLineSchemas() throws {
        try GeneratedLedger.with(events: 0, seed: 1) { generated in
            let types = generated.ledger.eventTypeNames
            let listed = try schema("common.schema.json")["$defs"]?.objectValue?["eventType"]?.objectValue?["enum"]?.arrayValue
            #expect(listed?.compactMap(\.stringValue).sorted() == types.sorted())
            #expect(typesOfBranches(try schema("envelope.schema.json")).sorted() == types.sorted())
            #expect(typesOfBranches(try schema("batch-line.schema.json")).sorted() == types.sorted())
            for type in types {
                #expect(try schema("events/\(type).schema.json")["title"]?.stringValue == type)
            }
        }
    }

    @Test func everyGeneratedPayloadHasItsSchemasRequiredFieldsAndNoOthers() throws {
        var generator = WorkloadGenerator(seed: 1)
        var schemas: [String: (properties: Set<String>, required: Set<String>)] = [:]
        for event in generator.batch(5_000) {
            if schemas[event.type] == nil {
                let payloadSchema = try schema("events/\(event.type).schema.json")
                schemas[event.type] = (
                    Set(payloadSchema["properties"]?.objectValue?.keys ?? [:].keys),
                    Set(payloadSchema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
                )
            }
            let fields = Set(event.payload.keys)
            let (properties, required) = try #require(schemas[event.type])
            #expect(fields.isSubset(of: properties) && required.isSubset(of: fields), "\(event.type) \(fields.sorted())")
        }
    }
}
