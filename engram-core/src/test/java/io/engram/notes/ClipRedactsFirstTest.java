package io.engram.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.redact.SecretRedactor;
import org.junit.jupiter.api.Test;

/**
 * What the notes keep of a long text is cut from the redacted text, and redacted again as every notes text is: a cut
 * never leaves a part of a secret that no rule recognises once it is cut.
 */
class ClipRedactsFirstTest {
  private static String kept(String text, int max) {
    return SecretRedactor.standard().redact(OfflineNotes.clip(text, max)).text();
  }

  @Test
  void aCutInsideASecretLeavesNoPartOfIt() {
    String command = "sshpass -p 'Sshp@ss-2026' ssh deploy@10.0.0.12 'sudo systemctl restart app'";
    for (int max = 12; max < command.length(); max++) {
      String kept = kept(command, max);
      assertThat(kept).as("cut at %d", max).doesNotContain("Sshp@", "ss-2026");
    }
  }

  @Test
  void aCutKeyInAnAuthorizationHeaderIsRedactedWhole() {
    String key = "v1.0-9e8d7c6b5a4f3e2d1c0b9a8f-" + "0123456789abcdef".repeat(9) + "0123456789";
    String output = "curl https://api.cloudflare.com/client/v4/certificates -H \"X-Auth-User-Service-Key: " + key + "\"";
    String kept = kept(output, 110);
    assertThat(kept).doesNotContain(key.substring(0, 20)).contains("[REDACTED");
  }
}
