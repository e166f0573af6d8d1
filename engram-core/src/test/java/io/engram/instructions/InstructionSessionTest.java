package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstructionSessionTest {
  @TempDir Path tmp;

  private Fixture tree() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "root");
    f.write("repo/src/CLAUDE.md", "src");
    f.write("repo/src/CLAUDE.local.md", "src local");
    f.write("repo/src/app/AGENTS.md", "app");
    f.write("repo/src/app/Main.java", "class Main {}");
    f.write("repo/docs/CLAUDE.md", "docs");
    return f;
  }

  @Test
  void subdirectoryFilesAreNotLoadedAtStart() {
    Fixture f = tree();
    assertThat(f.paths(f.loader("repo").startSession().initial())).containsExactly("repo/CLAUDE.md");
  }

  @Test
  void readingAFileLoadsTheFilesOfEachDirectoryDownToItOutermostFirst() {
    Fixture f = tree();
    InstructionSession session = f.loader("repo").startSession();
    LoadedInstructions found = session.filesForRead(f.repo.resolve("src/app/Main.java"));
    assertThat(f.paths(found))
        .containsExactly("repo/src/CLAUDE.md", "repo/src/CLAUDE.local.md", "repo/src/app/AGENTS.md");
    assertThat(found.files()).extracting(InstructionFile::level)
        .containsExactly(InstructionLevel.PROJECT, InstructionLevel.LOCAL, InstructionLevel.PROJECT);
  }

  @Test
  void aSubtreeLoadsOnlyOncePerSession() {
    Fixture f = tree();
    InstructionSession session = f.loader("repo").startSession();
    session.filesForRead(Path.of("src/app/Main.java"));
    assertThat(session.filesForRead(f.repo.resolve("src/app/Other.java")).files()).isEmpty();
    assertThat(session.filesForRead(f.repo.resolve("src/Lib.java")).files()).isEmpty();
    assertThat(f.paths(session.filesForRead(f.repo.resolve("docs/guide.md")))).containsExactly("repo/docs/CLAUDE.md");
    assertThat(f.paths(session.loaded())).containsExactly("repo/CLAUDE.md", "repo/src/CLAUDE.md",
        "repo/src/CLAUDE.local.md", "repo/src/app/AGENTS.md", "repo/docs/CLAUDE.md");
  }

  @Test
  void readingADirectoryLoadsItsOwnFiles() {
    Fixture f = tree();
    InstructionSession session = f.loader("repo").startSession();
    assertThat(f.paths(session.filesForRead(f.repo.resolve("docs")))).containsExactly("repo/docs/CLAUDE.md");
  }

  @Test
  void filesInTheProjectDirectoryOrOutsideItBringNothing() {
    Fixture f = tree();
    f.write("elsewhere/CLAUDE.md", "outside");
    InstructionSession session = f.loader("repo").startSession();
    assertThat(session.filesForRead(f.repo.resolve("README.md")).files()).isEmpty();
    assertThat(session.filesForRead(f.root.resolve("elsewhere/x.txt")).files()).isEmpty();
    assertThat(session.filesForRead(f.repo.resolve("../elsewhere/x.txt")).files()).isEmpty();
  }

  @Test
  void aLazyFileAlreadyImportedAtStartIsNotLoadedAgain() {
    Fixture f = tree();
    f.write("repo/CLAUDE.md", "@docs/CLAUDE.md");
    InstructionSession session = f.loader("repo").startSession();
    assertThat(f.paths(session.initial())).containsExactly("repo/CLAUDE.md", "repo/docs/CLAUDE.md");
    LoadedInstructions lazy = session.filesForRead(f.repo.resolve("docs/guide.md"));
    assertThat(lazy.files()).isEmpty();
    assertThat(f.kinds(lazy)).containsExactly(LoadWarning.Kind.DUPLICATE);
  }

  @Test
  void lazyFilesFollowTheirImports() {
    Fixture f = tree();
    f.write("repo/docs/CLAUDE.md", "@style.md");
    f.write("repo/docs/style.md", "style");
    InstructionSession session = f.loader("repo").startSession();
    LoadedInstructions lazy = session.filesForRead(f.repo.resolve("docs/guide.md"));
    assertThat(f.paths(lazy)).containsExactly("repo/docs/CLAUDE.md", "repo/docs/style.md");
    assertThat(lazy.files().get(1).importedFrom()).containsExactly(f.repo.resolve("docs/CLAUDE.md"));
  }

  @Test
  void aResumedSessionLoadsOnlyWhatTheEarlierOneHadNot() {
    Fixture f = tree();
    InstructionSession first = f.loader("repo").startSession();
    first.filesForRead(f.repo.resolve("src/Lib.java"));
    InstructionSession.Progress saved = first.progress();

    InstructionSession resumed = f.loader("repo").resumeSession(saved);
    assertThat(resumed.initial().files()).isEmpty();
    assertThat(resumed.filesForRead(f.repo.resolve("src/Other.java")).files()).isEmpty();
    assertThat(f.paths(resumed.filesForRead(f.repo.resolve("src/app/Main.java"))))
        .containsExactly("repo/src/app/AGENTS.md");
    assertThat(resumed.progress().visitedDirs()).contains(f.repo.resolve("src"), f.repo.resolve("src/app"));
  }

  @Test
  void aResumedSessionKnowsTheStartUpFilesSoAnImportOfOneIsNotRepeated() {
    Fixture f = tree();
    f.write("repo/docs/CLAUDE.md", "@../CLAUDE.md");
    InstructionSession.Progress atStart = f.loader("repo").startSession().progress();
    assertThat(atStart.visitedDirs()).isEmpty();

    LoadedInstructions lazy = f.loader("repo").resumeSession(atStart).filesForRead(f.repo.resolve("docs/a.md"));
    assertThat(f.paths(lazy)).containsExactly("repo/docs/CLAUDE.md");
    assertThat(f.kinds(lazy)).containsExactly(LoadWarning.Kind.DUPLICATE);
  }
}
