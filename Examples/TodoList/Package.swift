// swift-tools-version:6.1
import PackageDescription

// A to-do domain written with EventLedger's public API: the `TodoList` library, a demo
// program, a `todo` tool with every generic command, and tests of the domain (the domain contract among them).
let package = Package(
    name: "TodoList",
    products: [
        .library(name: "TodoList", targets: ["TodoList"]),
        .executable(name: "todo", targets: ["todo"]),
        .executable(name: "todo-demo", targets: ["todo-demo"]),
    ],
    dependencies: [
        .package(name: "EventLedger", path: "../..")
    ],
    targets: [
        .target(name: "TodoList", dependencies: [.product(name: "EventLedger", package: "EventLedger")]),
        .executableTarget(name: "todo", dependencies: ["TodoList", .product(name: "LedgerCLI", package: "EventLedger")]),
        .executableTarget(name: "todo-demo", dependencies: ["TodoList", .product(name: "EventLedger", package: "EventLedger")]),
        .testTarget(
            name: "TodoListTests",
            dependencies: [
                "TodoList", .product(name: "EventLedger", package: "EventLedger"),
                .product(name: "LedgerDomainContract", package: "EventLedger"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
