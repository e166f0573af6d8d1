package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.ToolCalls.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The latest live intent wins over a stale task list: a request the person sent after the agent last wrote its
 * todos (typed while it worked, delivered mid-turn) is what the agent takes up next, the task in progress after it;
 * a request that only says to go on, and a task list written after the request, keep the task first.
 */
class NewerRequestThanTheTaskListTest {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private static TranscriptMessage todos(String id, String inProgress) {
    ObjectNode input = JSON.objectNode();
    ArrayNode list = input.putArray("todos");
    list.addObject().put("content", inProgress).put("status", "in_progress").put("activeForm", inProgress);
    list.addObject().put("content", "Deploy to production").put("status", "pending").put("activeForm", "Deploying");
    return TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse(id, "TodoWrite", input)));
  }

  private static List<TranscriptMessage> working() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Put the survey title in the form's header."));
    ms.add(todos("t1", "Add the title to the header of LiquidGlassForm.jsx"));
    ms.add(result("t1", "todos updated", false));
    ms.add(call("e1", "Edit", "file_path", "/w/src/components/LiquidGlassForm.jsx"));
    ms.add(result("e1", "updated", false));
    return ms;
  }

  @Test
  void aRequestSentAfterTheTaskListWasWrittenComesBeforeTheTaskInProgress() {
    List<TranscriptMessage> ms = working();
    ms.add(TranscriptMessage.text(Role.USER, "Login is broken now! PKCE code verifier not found in storage."));
    String next = Conversation.of(ms, 0, 25).state().next();
    assertThat(next).startsWith("Continue with the user's request, newer than the task list: \"Login is broken now!")
        .contains("`components/LiquidGlassForm.jsx`")
        .endsWith("Then continue \"Add the title to the header of LiquidGlassForm.jsx\".");
  }

  @Test
  void aRequestThatOnlySaysToGoOnLeavesTheTaskInProgressFirst() {
    List<TranscriptMessage> ms = working();
    ms.add(TranscriptMessage.text(Role.USER, "continue"));
    assertThat(Conversation.of(ms, 0, 25).state().next())
        .startsWith("Continue \"Add the title to the header of LiquidGlassForm.jsx\"");
  }

  @Test
  void aTaskListWrittenAfterTheRequestIsTheAgentsPlanForIt() {
    List<TranscriptMessage> ms = working();
    ms.add(TranscriptMessage.text(Role.USER, "Login is broken now! PKCE code verifier not found in storage."));
    ms.add(todos("t2", "Fix the PKCE login in auth/callback/route.ts"));
    ms.add(result("t2", "todos updated", false));
    assertThat(Conversation.of(ms, 0, 25).state().next())
        .startsWith("Continue \"Fix the PKCE login in auth/callback/route.ts\"");
  }
}
