// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CarePress",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "carepress", targets: ["carepress"]),
        .library(name: "CarePress", targets: ["CarePress"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "CarePress",
            dependencies: [
                "CCmark",
                "CSQLite",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            plugins: [.plugin(name: "EmbedFiles")]
        ),
        .executableTarget(
            name: "carepress-embed",
            path: "Sources/carepress-embed"
        ),
        .plugin(
            name: "EmbedFiles",
            capability: .buildTool(),
            dependencies: ["carepress-embed"]
        ),
        .executableTarget(
            name: "carepress",
            dependencies: [
                "CarePress",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "CarePressTestSupport",
            path: "Tests/Support"
        ),
        .testTarget(
            name: "CarePressTests",
            dependencies: ["CarePress", "CarePressTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CarePressCLITests",
            dependencies: ["CarePress", "CarePressTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
