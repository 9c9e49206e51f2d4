import { describe, expect, it } from 'vitest';
import { scanTree } from './scan.ts';
import { memoryTree } from './tree.ts';

// go.mod, Cargo.toml (workspace), Gemfile, composer.json, pom.xml, build.gradle(.kts) and *.csproj.

const rows = (result: Awaited<ReturnType<typeof scanTree>>) =>
  result.dependencies.map((d) => [d.line, d.ecosystem, d.name, d.version, d.dev, d.kind]);

async function scanOne(path: string, text: string) {
  const result = await scanTree(memoryTree({ [path]: text }));
  expect(result.findings).toEqual([]);
  return rows(result);
}

describe('manifests of other ecosystems', () => {
  it('go.mod: require lines and blocks, indirect ones left out, the go version as the runtime', async () => {
    const goMod = `module github.com/acme/api

go 1.23.0

require github.com/spf13/cobra v1.8.1

require (
	github.com/jackc/pgx/v5 v5.7.1
	golang.org/x/sync v0.8.0 // indirect
)
`;
    expect(await scanOne('go.mod', goMod)).toEqual([
      [3, 'runtime', 'go', '1.23.0', false, 'platform'],
      [5, 'go', 'github.com/spf13/cobra', 'v1.8.1', false, 'package'],
      [8, 'go', 'github.com/jackc/pgx/v5', 'v5.7.1', false, 'package'],
    ]);
  });

  it('Cargo.toml: a workspace root, inherited versions, renames, targets, path crates left out', async () => {
    const rootToml = `[workspace]
members = ["crates/*"]

[workspace.dependencies]
serde = { version = "1.0.210", features = ["derive"] }
tokio = "1.40"
`;
    const member = `[package]
name = "server"
rust-version = "1.80"

[dependencies]
serde = { workspace = true }
tokio.workspace = true
web = { package = "axum", version = "0.7" }
core = { path = "../core" }

[dev-dependencies]
insta = "1.40"

[target.'cfg(unix)'.dependencies]
nix = "0.29"
`;
    const result = await scanTree(memoryTree({ 'Cargo.toml': rootToml, 'crates/server/Cargo.toml': member }));
    expect(result.findings).toEqual([]);
    expect(result.dependencies.map((d) => [d.file, d.line, d.name, d.version, d.dev])).toEqual([
      ['Cargo.toml', 5, 'serde', '1.0.210', false],
      ['Cargo.toml', 6, 'tokio', '1.40', false],
      ['crates/server/Cargo.toml', 3, 'rust', '1.80', false],
      ['crates/server/Cargo.toml', 6, 'serde', '1.0.210', false],
      ['crates/server/Cargo.toml', 7, 'tokio', '1.40', false],
      ['crates/server/Cargo.toml', 8, 'axum', '0.7', false],
      ['crates/server/Cargo.toml', 12, 'insta', '1.40', true],
      ['crates/server/Cargo.toml', 15, 'nix', '0.29', false],
    ]);
  });

  it('Gemfile: versions, groups as blocks and options, the ruby version', async () => {
    const gemfile = `source "https://rubygems.org"

ruby "3.3.5"

gem "rails", "~> 7.2.1"
gem 'pg', '>= 1.1', '< 2.0'
gem "puma", require: false
gem "rubocop", group: :development

group :development, :test do
  gem "rspec-rails", "~> 7.0"
end
`;
    expect(await scanOne('Gemfile', gemfile)).toEqual([
      [3, 'runtime', 'ruby', '3.3.5', false, 'platform'],
      [5, 'rubygems', 'rails', '~> 7.2.1', false, 'package'],
      [6, 'rubygems', 'pg', '>= 1.1, < 2.0', false, 'package'],
      [7, 'rubygems', 'puma', null, false, 'package'],
      [8, 'rubygems', 'rubocop', null, true, 'package'],
      [11, 'rubygems', 'rspec-rails', '~> 7.0', true, 'package'],
    ]);
  });

  it('composer.json: packages, with php and extensions as the platform', async () => {
    const composer = `{
    "name": "acme/shop",
    "require": {
        "php": "^8.2",
        "ext-json": "*",
        "laravel/framework": "^11.0"
    },
    "require-dev": {
        "phpunit/phpunit": "^11.3"
    }
}
`;
    expect(await scanOne('composer.json', composer)).toEqual([
      [4, 'runtime', 'php', '^8.2', false, 'platform'],
      [5, 'packagist', 'ext-json', '*', false, 'platform'],
      [6, 'packagist', 'laravel/framework', '^11.0', false, 'package'],
      [9, 'packagist', 'phpunit/phpunit', '^11.3', true, 'package'],
    ]);
  });

  it('pom.xml: dependencies with versions from properties, test scope as dev', async () => {
    const pom = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>orders</artifactId>
  <version>1.4.0</version>
  <properties>
    <jackson.version>2.18.0</jackson.version>
  </properties>
  <dependencies>
    <dependency>
      <groupId>com.fasterxml.jackson.core</groupId>
      <artifactId>jackson-databind</artifactId>
      <version>\${jackson.version}</version>
    </dependency>
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <version>5.11.2</version>
      <scope>test</scope>
    </dependency>
  </dependencies>
</project>
`;
    expect(await scanOne('orders/pom.xml', pom)).toEqual([
      [13, 'maven', 'com.fasterxml.jackson.core:jackson-databind', '2.18.0', false, 'package'],
      [18, 'maven', 'org.junit.jupiter:junit-jupiter', '5.11.2', true, 'package'],
    ]);
  });

  it('build.gradle and build.gradle.kts: string and map notations, variables, test configurations', async () => {
    const groovy = `def okhttpVersion = '4.12.0'
dependencies {
    implementation "com.squareup.okhttp3:okhttp:$okhttpVersion"
    implementation group: 'com.google.guava', name: 'guava', version: '33.3.1-jre'
    testImplementation 'junit:junit:4.13.2'
}
`;
    const kotlin = `dependencies {
    implementation(platform("org.springframework.boot:spring-boot-dependencies:3.3.4"))
    implementation("org.springframework.boot:spring-boot-starter-web")
    testImplementation("io.mockk:mockk:1.13.12")
}
`;
    expect(await scanOne('app/build.gradle', groovy)).toEqual([
      [3, 'maven', 'com.squareup.okhttp3:okhttp', '4.12.0', false, 'package'],
      [4, 'maven', 'com.google.guava:guava', '33.3.1-jre', false, 'package'],
      [5, 'maven', 'junit:junit', '4.13.2', true, 'package'],
    ]);
    expect(await scanOne('build.gradle.kts', kotlin)).toEqual([
      [2, 'maven', 'org.springframework.boot:spring-boot-dependencies', '3.3.4', false, 'package'],
      [3, 'maven', 'org.springframework.boot:spring-boot-starter-web', null, false, 'package'],
      [4, 'maven', 'io.mockk:mockk', '1.13.12', true, 'package'],
    ]);
  });

  it('*.csproj: package references with the version as attribute or element, the target framework', async () => {
    const csproj = `<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Serilog.AspNetCore" Version="8.0.2" />
    <PackageReference Include="Newtonsoft.Json">
      <Version>13.0.3</Version>
    </PackageReference>
    <PackageReference Include="StyleCop.Analyzers" Version="1.1.118" PrivateAssets="all" />
  </ItemGroup>
</Project>
`;
    expect(await scanOne('src/Api/Api.csproj', csproj)).toEqual([
      [3, 'runtime', 'dotnet', 'net8.0', false, 'platform'],
      [6, 'nuget', 'Serilog.AspNetCore', '8.0.2', false, 'package'],
      [7, 'nuget', 'Newtonsoft.Json', '13.0.3', false, 'package'],
      [10, 'nuget', 'StyleCop.Analyzers', '1.1.118', true, 'package'],
    ]);
  });

  it('turns malformed XML, TOML and JSON into findings', async () => {
    const result = await scanTree(
      memoryTree({
        'pom.xml': '<project><dependencies><dependency></project>',
        'Api.csproj': 'not xml at all <',
        'Cargo.toml': '[dependencies\nserde = ',
        'composer.json': '{"require": ',
      }),
    );
    expect(result.dependencies).toEqual([]);
    expect(result.findings.map((finding) => finding.file)).toEqual([
      'Api.csproj',
      'Cargo.toml',
      'composer.json',
      'pom.xml',
    ]);
    for (const finding of result.findings) expect(finding.message).toMatch(/^Could not read this file: \S/);
  });
});
