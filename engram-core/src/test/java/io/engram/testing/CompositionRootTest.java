package io.engram.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.engram.Engram;
import io.engram.hooks.HookRunner;
import io.engram.notes.NotesStore;
import io.engram.recall.MemoryRecall;
import io.engram.review.Inbox;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompositionRootTest {
  /** A surface that wires its own hook runner instead of asking the project's Engram. */
  static final class WiresItsOwnHooks {
    HookRunner hooks() {
      return new HookRunner(null, null, null, null, null, null, Optional.empty(), Optional.empty());
    }
  }

  /** A surface that reads session notes and the inbox through stores of its own. */
  static final class WiresItsOwnNotes {
    Object notes(Path home) {
      return List.of(new NotesStore(home), Inbox.of(home, "key", io.engram.config.MemorySettings.DEFAULTS, Clock.systemUTC()));
    }
  }

  /** A surface that asks the Engram. */
  static final class AsksTheEngram {
    Object notes(Engram engram) {
      return List.of(engram.notes(), engram.inbox(), engram.recall().recordingUseOn(task -> { }));
    }
  }

  @Test
  void aClassThatBuildsItsOwnHookRunnerIsNamed() {
    var classes = new ClassFileImporter().importClasses(WiresItsOwnHooks.class, HookRunner.class);

    assertThatThrownBy(() -> CompositionRoot.assertHooksComeFromTheEngram(classes))
        .isInstanceOf(AssertionError.class).hasMessageContaining("WiresItsOwnHooks.hooks()");
  }

  @Test
  void theEngramBuildsIt() {
    var classes = new ClassFileImporter().importClasses(Engram.class, HookRunner.class);

    assertThatCode(() -> CompositionRoot.assertHooksComeFromTheEngram(classes)).doesNotThrowAnyException();
  }

  @Test
  void aSurfaceThatBuildsAnEngineOrCallsItsFactoryIsNamed() {
    var classes = new ClassFileImporter().importClasses(WiresItsOwnNotes.class, NotesStore.class, Inbox.class);

    assertThatThrownBy(() -> CompositionRoot.assertEnginesComeFromTheEngram(classes))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("WiresItsOwnNotes.notes(java.nio.file.Path)> calls constructor <io.engram.notes.NotesStore")
        .hasMessageContaining("calls method <io.engram.review.Inbox.of(");
  }

  @Test
  void aSurfaceThatAsksTheEngramOrIsAllowedPasses() {
    var asks = new ClassFileImporter().importClasses(AsksTheEngram.class, Engram.class, MemoryRecall.class);
    var wires = new ClassFileImporter().importClasses(WiresItsOwnNotes.class, NotesStore.class, Inbox.class);

    assertThatCode(() -> CompositionRoot.assertEnginesComeFromTheEngram(asks)).doesNotThrowAnyException();
    assertThatCode(() -> CompositionRoot.assertEnginesComeFromTheEngram(wires, WiresItsOwnNotes.class.getName()))
        .doesNotThrowAnyException();
    assertThatCode(() -> CompositionRoot.assertEnginesComeFromTheEngram(wires, "io.engram.testing.."))
        .doesNotThrowAnyException();
  }
}
