package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.InstructionsSettings;
import io.engram.instructions.LoadWarning.Kind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportLoadingTest {
  @TempDir Path tmp;

  @Test
  void importedFilesFollowTheirImporterDepthFirstAtItsLevel() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "See @docs/style.md and @./docs/testing.md");
    f.write("repo/docs/style.md", "style, more in @nested/deep.md");
    f.write("repo/docs/nested/deep.md", "deep");
    f.write("repo/docs/testing.md", "testing");
    f.write("repo/CLAUDE.local.md", "local");

    LoadedInstructions loaded = f.loader("repo").load();

    assertThat(f.paths(loaded))
        .containsExactly("repo/CLAUDE.md", "repo/docs/style.md", "repo/docs/nested/deep.md",
            "repo/docs/testing.md", "repo/CLAUDE.local.md");
    assertThat(loaded.files().get(2).level()).isEqualTo(InstructionLevel.PROJECT);
    assertThat(loaded.files().get(2).importedFrom())
        .containsExactly(f.repo.resolve("CLAUDE.md"), f.repo.resolve("docs/style.md"));
    assertThat(loaded.files().get(3).importedFrom()).containsExactly(f.repo.resolve("CLAUDE.md"));
    assertThat(loaded.warnings()).isEmpty();
  }

  @Test
  void absoluteAndHomeRelativeImportsResolveOnceApprovedOutsideTheRepository() throws Exception {
    Fixture f = new Fixture(tmp);
    Path shared = f.write("shared/rules.md", "shared rules");
    f.write("home/notes/me.md", "about me");
    f.write("repo/CLAUDE.md", "@" + shared + "\n\n@~/notes/me.md");
    LoadedInstructions before = f.loader("repo").load();
    assertThat(f.paths(before)).containsExactly("repo/CLAUDE.md");

    ImportApprovals.in(f.root.resolve("engram")).approve(before.warnings());

    assertThat(f.paths(f.loader("repo").load()))
        .containsExactly("repo/CLAUDE.md", "shared/rules.md", "home/notes/me.md");
  }

  @Test
  void importsOfTheUserFileKeepTheUserLevel() {
    Fixture f = new Fixture(tmp);
    f.write("home/.claude/CLAUDE.md", "@prefs.md");
    f.write("home/.claude/prefs.md", "tabs");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(loaded.files()).extracting(InstructionFile::level)
        .containsExactly(InstructionLevel.USER, InstructionLevel.USER);
  }

  @Test
  void importsNestAtMostTheConfiguredNumberOfHops() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "@i1.md");
    for (int i = 1; i <= 7; i++) {
      f.write("repo/i" + i + ".md", "hop " + i + " @i" + (i + 1) + ".md");
    }
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded))
        .containsExactly("repo/CLAUDE.md", "repo/i1.md", "repo/i2.md", "repo/i3.md", "repo/i4.md", "repo/i5.md");
    assertThat(loaded.warnings()).singleElement().satisfies(w -> {
      assertThat(w.kind()).isEqualTo(Kind.MAX_DEPTH);
      assertThat(w.path()).isEqualTo(f.repo.resolve("i6.md"));
      assertThat(w.message()).contains("i6.md").contains("5 import hops");
      assertThat(w.importedFrom()).hasSize(6);
    });
  }

  @Test
  void maxHopsComesFromSettings() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "@i1.md");
    f.write("repo/i1.md", "@i2.md");
    f.write("repo/i2.md", "two");
    InstructionsSettings d = f.settings();
    InstructionsSettings oneHop = new InstructionsSettings(d.fileNames(), d.localFileName(),
        d.managedPath(), d.userDir(), true, 1, d.warnChars());
    LoadedInstructions loaded = f.loader("repo", oneHop).load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.md", "repo/i1.md");
    assertThat(f.kinds(loaded)).containsExactly(Kind.MAX_DEPTH);
  }

  @Test
  void aCycleIsReportedAndNotFollowed() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "@a.md");
    f.write("repo/a.md", "@b.md");
    f.write("repo/b.md", "@a.md and @CLAUDE.md");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.md", "repo/a.md", "repo/b.md");
    assertThat(f.kinds(loaded)).containsExactly(Kind.IMPORT_CYCLE, Kind.IMPORT_CYCLE);
    assertThat(loaded.warnings().get(0).message()).contains("a.md").contains("cycle");
  }

  @Test
  void aFileImportingItselfIsACycle() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "me: @CLAUDE.md");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.md");
    assertThat(f.kinds(loaded)).containsExactly(Kind.IMPORT_CYCLE);
  }

  @Test
  void aFileImportedTwiceIsLoadedOnce() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "@a.md @b.md");
    f.write("repo/a.md", "@common.md");
    f.write("repo/b.md", "@common.md");
    f.write("repo/common.md", "common");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.md", "repo/a.md", "repo/common.md", "repo/b.md");
    assertThat(f.kinds(loaded)).containsExactly(Kind.DUPLICATE);
  }

  @Test
  void aMissingImportIsAWarningAndLoadingGoesOn() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "@gone.md then @here.md");
    f.write("repo/here.md", "here");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.md", "repo/here.md");
    assertThat(loaded.warnings()).singleElement().satisfies(w -> {
      assertThat(w.kind()).isEqualTo(Kind.MISSING_IMPORT);
      assertThat(w.message()).contains(f.repo.resolve("gone.md").toString()).contains("CLAUDE.md:1");
      assertThat(w.importedFrom()).containsExactly(f.repo.resolve("CLAUDE.md"));
    });
  }

  @Test
  void importsInsideCodeAreNotFollowed() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "`@inline.md`\n\n```\n@fenced.md\n```\n\n    @indented.md\n\nreal @real.md\n");
    f.write("repo/inline.md", "x");
    f.write("repo/fenced.md", "x");
    f.write("repo/indented.md", "x");
    f.write("repo/real.md", "x");
    assertThat(f.paths(f.loader("repo").load())).containsExactly("repo/CLAUDE.md", "repo/real.md");
  }

  @Test
  void importsAreRenderedWithTheirImporter() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "@a.md");
    f.write("repo/a.md", "rule A");
    String prompt = f.loader("repo").load().render();
    assertThat(prompt).contains("Contents of " + f.repo.resolve("a.md") + " (project instructions, checked into "
        + "the codebase, imported from " + f.repo.resolve("CLAUDE.md") + "):\n\nrule A");
    assertThat(List.of(prompt.split("Contents of"))).hasSize(3);
  }
}
