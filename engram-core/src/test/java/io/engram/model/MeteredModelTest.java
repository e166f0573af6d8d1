package io.engram.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.GovernorSettings;
import io.engram.testing.ScriptedModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeteredModelTest {
  @TempDir Path home;

  @Test
  void everyRequestLeavesWithoutItsSecretsWhateverTheEngineBuilt() {
    ScriptedModel model = new ScriptedModel().answers("ok");
    ModelRouter router = ModelRouter.of(model, new CostGovernor(home, new GovernorSettings(1_000_000, 1_000_000, 31)),
        "s1");
    String token = "ghp_" + "Ab1Cd2Ef3Gh4".repeat(3);
    router.run(Purpose.EXTRACTION, true, m -> m.complete(new ModelRequest(
        "system with password=hunter2-42 inside",
        List.of(ChatMessage.user("use " + token + " to push"), ChatMessage.assistant("the admin password is Tr0ub4dor3xyz"),
            ChatMessage.user("note <private>my PIN is 1234</private> done")), 100, true, 2)).text(), () -> "offline");

    ModelRequest sent = model.requests().get(0);
    String all = sent.system() + sent.messages();
    assertThat(all).doesNotContain("hunter2-42", token, "Tr0ub4dor3xyz", "1234")
        .contains("[REDACTED:password]", "[REDACTED:github-token]");
    assertThat(sent.messages()).extracting(ChatMessage::role)
        .containsExactly(ChatRole.USER, ChatRole.ASSISTANT, ChatRole.USER);
    assertThat(sent.maxTokens()).isEqualTo(100);
    assertThat(sent.cacheSystem()).isTrue();
    assertThat(sent.cacheablePrefix()).isEqualTo(2);
  }
}
