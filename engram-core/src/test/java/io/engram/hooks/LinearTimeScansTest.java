package io.engram.hooks;

import static io.engram.testing.AdversarialText.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.AdversarialText;
import org.junit.jupiter.api.Test;

/** Recognising Engram's own hook commands in a settings file takes time linear in the command. */
class LinearTimeScansTest {
  @Test
  void ownHookCommandsAreRecognisedInLinearTime() {
    AdversarialText.eachScansInTime(text -> ClaudeHookSettings.isOurs("engram " + text),
        shape("many engrams", n -> "engram ".repeat(n / 7)));
    assertThat(ClaudeHookSettings.isOurs("/usr/local/bin/engram --home /x hook Stop")).isTrue();
    assertThat(ClaudeHookSettings.isOurs("ENGRAM hook sessionend")).isTrue();
    assertThat(ClaudeHookSettings.isOurs("hook Stop engram")).isFalse();
    assertThat(ClaudeHookSettings.isOurs("other-tool hook Stop")).isFalse();
  }
}
