package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class PathReferencesTest {

  @Test
  void pathsInProseCodeSpansAndLinksAreFound() {
    assertThat(PathReferences.of("""
        The parser is in src/main/java/app/Parser.java:42, see `docs/parsing.md` and [the guide](docs/guide.md#usage).
        Run `python scripts/gen.py --out build/x.json` first; config lives in ./config/app.yml (and .env).
        Also Makefile, pom.xml's plugins, and "frontend/src/index.ts".
        """)).containsExactly("docs/guide.md", "docs/parsing.md", "scripts/gen.py", "src/main/java/app/Parser.java:42",
        "./config/app.yml", ".env", "Makefile", "pom.xml", "frontend/src/index.ts");
  }

  @Test
  void pathsInsideChineseTextAreFound() {
    assertThat(PathReferences.of("配置文件在src/main/resources/application.yml里，改完要重启。"))
        .containsExactly("src/main/resources/application.yml");
  }

  @Test
  void urlsPackagesVersionsAbbreviationsAndProductNamesAreNotPaths() {
    assertThat(PathReferences.of("""
        Use io.engram.dream for the engine, e.g. its tests; i.e. not com.acme.App either. Versions 1.2.3, v2.0 and
        3.10 shipped. See https://github.com/acme/shop/blob/main/x.md, www.example.com/a.html, github.com/acme/shop
        and docs.rs. The stack is Node.js 20 with Vue.js and ASP.NET; we convert .js files to .ts. Dates 2026/05/12
        and 1/2 of the runs. Globs src/**/*.java and placeholders path/to/file.txt and <dir>/x.md are not files.
        Mail dev@acme.io. [home](https://acme.io) [top](#layers) [mail](mailto:x@y.z)
        ```
        cat src/Only/In/A/Fence.java
        ```
        """)).isEmpty();
  }

  @Test
  void commandsThatMakeFilesAndOutputOptionsAreNotReferences() {
    assertThat(PathReferences.of("Run `mkdir -p out/new/dir.txt`, `cp a/b.txt c/d.txt`, `tool -o out/r.html in/x.csv`,"
        + " `make > logs/build.log`.")).containsExactly("in/x.csv");
  }

  @Test
  void slashedWordsAreCandidatesThatTheCheckAnchors() {
    assertThat(PathReferences.isPath("and/or")).isTrue();
    assertThat(PathReferences.isPath("src/")).isTrue();
    assertThat(PathReferences.isPath("e.g.")).isFalse();
    assertThat(PathReferences.isPath("io.engram.x")).isFalse();
    assertThat(PathReferences.isPath(".gitignore")).isTrue();
    assertThat(PathReferences.isPath(".NET")).isFalse();
  }

  @Property(tries = 500)
  void anyTextGivesReferencesThatAreSubstringsOfIt(@ForAll String text) {
    for (String ref : PathReferences.of(text)) {
      assertThat(text).contains(ref.replace("%20", " "));
    }
  }
}
