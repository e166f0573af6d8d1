package io.engram.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.engram.Engram;
import io.engram.hooks.HookRunner;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompositionRootTest {
  /** A surface that wires its own hook runner instead of asking the project's Engram. */
  static final class WiresItsOwnHooks {
    HookRunner hooks() {
      return new HookRunner(null, null, null, null, null, null, Optional.empty(), Optional.empty());
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
}
