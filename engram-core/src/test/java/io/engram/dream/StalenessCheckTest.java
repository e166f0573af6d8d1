package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.DreamSettings;
import io.engram.dream.PathFinding.Kind;
import io.engram.dream.PathFinding.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StalenessCheckTest {
  @TempDir Path project;

  @BeforeEach
  void project() throws Exception {
    write("pom.xml", "<project/>");
    write("src/main/java/app/AuthService.java", "class AuthService { void refreshToken() {} }");
    write("src/main/java/app/Util.java", "class Helpers { int AuthServiceLegacyCount; }");
    write("target/classes/Ghost.java", "class GhostInBuildOutput {}");
    write(".git/objects/x.java", "class GhostInGit {}");
    write("node_modules/lib/index.js", "function ghostInDeps() {}");
  }

  private void write(String rel, String text) throws Exception {
    Path p = project.resolve(rel);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private List<PathFinding> check(String... refs) throws Exception {
    return StalenessCheck.of(project, DreamSettings.DEFAULTS).check(List.of(refs));
  }

  @Test
  void pathsAreCheckedAgainstTheProject() throws Exception {
    assertThat(check("src/main/java/app/AuthService.java", "src/main/java/app/Removed.java", "src/main/java/app/AuthService.java:12"))
        .extracting(PathFinding::kind, PathFinding::status)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Kind.FILE, Status.PRESENT),
            org.assertj.core.groups.Tuple.tuple(Kind.FILE, Status.MISSING),
            org.assertj.core.groups.Tuple.tuple(Kind.FILE, Status.PRESENT));
  }

  @Test
  void bareFileNamesMayBeAnywhereBelowTheProject() throws Exception {
    assertThat(check("pom.xml", "Util.java", "Gone.java")).extracting(PathFinding::status)
        .containsExactly(Status.PRESENT, Status.PRESENT, Status.MISSING);
  }

  @Test
  void symbolsMustOccurAsWholeWords() throws Exception {
    List<PathFinding> found = check("AuthService", "AuthService#refreshToken()", "AuthService.revokeToken", "Auth");
    assertThat(found).extracting(PathFinding::kind).containsOnly(Kind.SYMBOL);
    assertThat(found).extracting(PathFinding::status)
        .containsExactly(Status.PRESENT, Status.PRESENT, Status.MISSING, Status.MISSING);
    assertThat(found.get(2).stale()).isTrue();
  }

  @Test
  void buildOutputGitAndDependenciesAreNotSearched() throws Exception {
    assertThat(check("GhostInBuildOutput", "GhostInGit", "ghostInDeps", "Ghost.java"))
        .extracting(PathFinding::status).containsOnly(Status.MISSING);
  }

  @Test
  void aSearchCutShortByItsBoundSaysUnknownNotMissing() throws Exception {
    List<PathFinding> found = new StalenessCheck(project, 1, 1_000_000).check(List.of("NowhereSymbol"));
    assertThat(found.get(0).status()).isEqualTo(Status.UNKNOWN);
    assertThat(found.get(0).stale()).isFalse();
  }

  @Test
  void manyMemoriesShareOneWalk() throws Exception {
    Map<String, List<String>> refs = new LinkedHashMap<>();
    refs.put("auth.md", List.of("AuthService", "src/old/Login.java"));
    refs.put("build.md", List.of("pom.xml"));
    refs.put("empty.md", List.of());
    Map<String, List<PathFinding>> out = StalenessCheck.of(project, DreamSettings.DEFAULTS).checkAll(refs);
    assertThat(out.keySet()).containsExactly("auth.md", "build.md", "empty.md");
    assertThat(out.get("auth.md")).extracting(PathFinding::stale).containsExactly(false, true);
    assertThat(out.get("build.md")).extracting(PathFinding::stale).containsExactly(false);
    assertThat(out.get("empty.md")).isEmpty();
  }

  @Test
  void referencesAreReadAsFilesOrSymbols() {
    assertThat(StalenessCheck.isFile("docs/x")).isTrue();
    assertThat(StalenessCheck.isFile("Foo.java")).isTrue();
    assertThat(StalenessCheck.isFile("UserService.findById")).isFalse();
    assertThat(StalenessCheck.isFile("parse_args")).isFalse();
    assertThat(StalenessCheck.symbolParts("Foo::bar()")).containsExactly("Foo", "bar");
  }
}
