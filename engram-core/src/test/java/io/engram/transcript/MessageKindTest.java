package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.TestResources;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Who speaks in every kind of record Claude Code 2.0 and 2.1 write: one record of each from real sessions of
 * entireio/cli ({@code entire-cli__record-kinds.jsonl}), and hand-written ones in the same shape for what those
 * sessions never met (messages between agents of a team, a notice of a kind not known yet).
 */
class MessageKindTest {
  private static final String KINDS = "transcripts/claude-code/entire-cli__record-kinds.jsonl";
  private static final String TEAM = "transcripts/claude-code/hand-written__team-and-unknown.jsonl";

  private static Transcript read(String resource) throws IOException {
    return TranscriptReader.read(TestResources.path(resource));
  }

  private static List<MessageKind> kindsAtLine(Transcript t, int line) {
    return t.messages().stream().filter(m -> m.lineNumber() == line).map(TranscriptMessage::kind).toList();
  }

  @Test
  void everyRecordOfClaudeCode20And21SaysWhoSpeaks() throws IOException {
    Transcript t = read(KINDS);
    assertThat(t.problems()).isEmpty();
    assertThat(kindsAtLine(t, 1)).as("a 2.0 prompt").containsExactly(MessageKind.PROMPT);
    assertThat(kindsAtLine(t, 3)).as("a tool call").containsExactly(MessageKind.ASSISTANT);
    assertThat(kindsAtLine(t, 4)).as("its result").containsExactly(MessageKind.TOOL_RESULT);
    assertThat(kindsAtLine(t, 5)).as("a 2.1 prompt").containsExactly(MessageKind.PROMPT);
    assertThat(kindsAtLine(t, 6)).as("a plan the person approved").containsExactly(MessageKind.PROMPT);
    assertThat(kindsAtLine(t, 15)).as("a background task's notice").containsExactly(MessageKind.TASK_NOTIFICATION);
    assertThat(kindsAtLine(t, 16)).as("results and what the person typed while the tools ran")
        .containsExactly(MessageKind.TOOL_RESULT, MessageKind.PROMPT);
    assertThat(kindsAtLine(t, 17)).as("a slash command with arguments").containsExactly(MessageKind.SLASH_COMMAND);
    assertThat(kindsAtLine(t, 18)).as("what it expanded to").containsExactly(MessageKind.COMMAND_EXPANSION);
    assertThat(kindsAtLine(t, 19)).as("a skill's body").containsExactly(MessageKind.COMMAND_EXPANSION);
    assertThat(kindsAtLine(t, 20)).as("a local command, as a system record").containsExactly(MessageKind.SLASH_COMMAND);
    assertThat(kindsAtLine(t, 21)).as("its output").containsExactly(MessageKind.COMMAND_OUTPUT);
    assertThat(kindsAtLine(t, 22)).as("the local-command caveat").containsExactly(MessageKind.SYSTEM_NOTICE);
    assertThat(kindsAtLine(t, 23)).as("/exit").containsExactly(MessageKind.SLASH_COMMAND);
    assertThat(kindsAtLine(t, 24)).as("its output").containsExactly(MessageKind.COMMAND_OUTPUT);
    assertThat(kindsAtLine(t, 25)).as("the person's own shell command").containsExactly(MessageKind.SHELL_INPUT);
    assertThat(kindsAtLine(t, 26)).as("its output").containsExactly(MessageKind.COMMAND_OUTPUT);
    assertThat(kindsAtLine(t, 27)).as("a hook's verdict").containsExactly(MessageKind.HOOK_NOTICE);
    assertThat(kindsAtLine(t, 28)).as("an IDE notice with the person's words beside it")
        .containsExactly(MessageKind.PROMPT);
    assertThat(kindsAtLine(t, 29)).containsExactly(MessageKind.INTERRUPTION);
    assertThat(kindsAtLine(t, 30)).containsExactly(MessageKind.INTERRUPTION);
    assertThat(kindsAtLine(t, 31)).containsExactly(MessageKind.ASSISTANT);
    assertThat(kindsAtLine(t, 32)).as("a short answer").containsExactly(MessageKind.PROMPT);
    assertThat(kindsAtLine(t, 34)).as("a synthetic reply").containsExactly(MessageKind.SYSTEM_NOTICE);
    assertThat(kindsAtLine(t, 39)).as("a microcompaction is a notice, not a compaction")
        .containsExactly(MessageKind.SYSTEM_NOTICE);
    assertThat(t.boundaries()).singleElement().satisfies(b -> assertThat(b.lineNumber()).isEqualTo(40));
    assertThat(kindsAtLine(t, 41)).containsExactly(MessageKind.COMPACT_SUMMARY);
    // Records that carry no conversation are counted, not read as messages.
    for (int line : List.of(33, 35, 36, 37, 38)) {
      assertThat(kindsAtLine(t, line)).as("line " + line).isEmpty();
    }
  }

  @Test
  void aQueuedPromptIsReadOnceWhereTheModelGotItAndNeverWhenTakenBack() throws IOException {
    Transcript t = read(KINDS);
    // Removed from the queue: delivered into the running turn, a message there (after line 7's records).
    assertThat(t.messages()).filteredOn(m -> m.text().equals("can we do this in a subagent? - also WRITE TESTS"))
        .singleElement().satisfies(m -> assertThat(m.kind()).isEqualTo(MessageKind.PROMPT));
    // Dequeued: the user record that follows holds it, once.
    assertThat(t.messages()).filteredOn(m -> m.text().equals("I like that the prompt structure is documented."))
        .singleElement().satisfies(m -> assertThat(m.lineNumber()).isEqualTo(11));
    // Taken back into the input box: the model never got it.
    assertThat(t.messages()).noneMatch(m -> m.text().equals("can we do this in a subagent?"));
    // A notice queued and then sent as a record of its own is read once.
    assertThat(t.messages()).filteredOn(m -> m.kind() == MessageKind.TASK_NOTIFICATION).hasSize(1);
  }

  @Test
  void aBackgroundTaskTheHarnessQueuedAsJsonIsNeverThePersonsPrompt() throws IOException {
    // Claude Code 2.1.45 queues a background task's start as a JSON object; this one was never dequeued.
    String lines = """
        {"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"Install Chakra UI"}}
        {"type":"queue-operation","operation":"enqueue","sessionId":"s","content":"{\\"task_id\\":\\"b9f9f4e\\",\\"description\\":\\"Install Chakra UI v3\\",\\"task_type\\":\\"local_bash\\"}"}
        {"type":"queue-operation","operation":"enqueue","sessionId":"s","content":"and keep the old theme"}
        """;
    Transcript t = TranscriptReader.read(new java.io.StringReader(lines), "s");
    assertThat(t.messages()).filteredOn(m -> m.text().contains("task_id")).singleElement()
        .satisfies(m -> assertThat(m.kind()).isEqualTo(MessageKind.TASK_NOTIFICATION));
    assertThat(t.userMessages()).extracting(TranscriptMessage::typedText).containsExactly("Install Chakra UI");
  }

  @Test
  void theNoteBesideToolsAToolSearchLoadedIsTheHarnessesWhileTextBesideOtherResultsIsThePersons() throws IOException {
    // Claude Code 2.1.70: the answer to a tool search carries tool_reference blocks and the harness adds "Tool
    // loaded." beside it in the same record; Claude Code's own last-prompt record then names it.
    String lines = """
        {"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"Batch the three checks"}}
        {"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"ToolSearch","input":{"query":"batch"}}]}}
        {"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"tool_reference","tool_name":"mcp__ctx__batch_execute"}]},{"type":"text","text":"Tool loaded."}]}}
        {"type":"assistant","uuid":"a2","parentUuid":"u2","sessionId":"s","message":{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Bash","input":{"command":"ls"}}]}}
        {"type":"user","uuid":"u3","parentUuid":"a2","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"a.txt"},{"type":"text","text":"and skip the slow one"}]}}
        """;
    Transcript t = TranscriptReader.read(new java.io.StringReader(lines), "s");
    assertThat(kindsAtLine(t, 3)).containsExactly(MessageKind.TOOL_RESULT, MessageKind.SYSTEM_NOTICE);
    assertThat(kindsAtLine(t, 5)).containsExactly(MessageKind.TOOL_RESULT, MessageKind.PROMPT);
    assertThat(t.userMessages()).extracting(TranscriptMessage::typedText)
        .containsExactly("Batch the three checks", "and skip the slow one");
  }

  @Test
  void aPromptStillQueuedAtTheEndHasNotReachedTheAgentYet() throws IOException {
    Transcript t = read("transcripts/claude-code/hand-written__queued-at-the-cut.jsonl");
    TranscriptMessage last = t.messages().get(t.messages().size() - 1);
    assertThat(last.kind()).isEqualTo(MessageKind.QUEUED_PROMPT);
    assertThat(last.typedText()).isEqualTo("and then bump the version in build.gradle");
    assertThat(UserRequest.of(t.messages())).extracting(UserRequest::text)
        .containsExactly("Make Uploader.java retry a failed upload three times before it gives up.");
  }

  @Test
  void theCompactCommandTypedOrQueuedIsNoRequestOfTheWork() throws IOException {
    // Claude Code 2.1.x: "/compact" typed while the agent was busy stays queued at the cut; typed at the prompt it is
    // a slash command, with its instructions for the summary as arguments.
    String lines = """
        {"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"Run the crypto tests"}}
        {"type":"user","uuid":"u2","parentUuid":"u1","sessionId":"s","message":{"role":"user","content":"<command-name>/compact</command-name>\\n<command-message>compact</command-message>\\n<command-args>keep the test names</command-args>"}}
        {"type":"queue-operation","operation":"enqueue","sessionId":"s","content":"/compact"}
        """;
    Transcript t = TranscriptReader.read(new java.io.StringReader(lines), "s");
    assertThat(UserRequest.of(t.messages())).extracting(UserRequest::text).containsExactly("Run the crypto tests");
  }

  @Test
  void aCommandTheHarnessRanItselfIsNoRequestWhileOneThatExpandsIs() throws IOException {
    // "/model default" prints its output; a project command with arguments expands to a prompt.
    String lines = """
        {"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"<command-name>/model</command-name>\\n<command-message>model</command-message>\\n<command-args>default</command-args>"}}
        {"type":"user","uuid":"u2","parentUuid":"u1","sessionId":"s","message":{"role":"user","content":"<local-command-stdout>Set model to Default (Opus 4.6)</local-command-stdout>"}}
        {"type":"user","uuid":"u3","parentUuid":"u2","sessionId":"s","message":{"role":"user","content":"<command-name>/review-pr</command-name>\\n<command-message>review-pr</command-message>\\n<command-args>181</command-args>"}}
        {"type":"user","uuid":"u4","parentUuid":"u3","isMeta":true,"sessionId":"s","message":{"role":"user","content":[{"type":"text","text":"Review the pull request given as the argument."}]}}
        """;
    Transcript t = TranscriptReader.read(new java.io.StringReader(lines), "s");
    assertThat(UserRequest.of(t.messages())).extracting(UserRequest::text).containsExactly("/review-pr 181");
  }

  @Test
  void onlyWhatThePersonTypedIsHumanInput() throws IOException {
    Transcript t = read(KINDS);
    assertThat(t.userMessages()).extracting(TranscriptMessage::typedText).allSatisfy(text -> {
      assertThat(text).doesNotStartWith("<task-notification>").doesNotStartWith("Operation stopped by hook")
          .doesNotStartWith("[Request interrupted").doesNotStartWith("Base directory")
          .doesNotStartWith("<local-command").doesNotStartWith("This session is being continued");
    });
    assertThat(t.userMessages()).extracting(TranscriptMessage::typedText)
        .contains("should we also logWarn in that block?", "C)", "(with line number? \uD83D\uDE02)");
  }

  @Test
  void aShortAnswerBindsToTheOptionItPicks() throws IOException {
    Transcript t = read(KINDS);
    UserRequest answer = UserRequest.of(t.messages()).stream().filter(r -> r.text().equals("C)")).findFirst()
        .orElseThrow();
    assertThat(answer.answers()).hasValueSatisfying(q -> assertThat(q).contains("Add `--force` flag"));
    assertThat(answer.stated()).startsWith("C) (answering: ").contains("--force");
    // A slash command that expands to a prompt is a request (its arguments are cut short in the fixture); /exit and
    // /mcp ask nothing.
    assertThat(UserRequest.of(t.messages())).extracting(UserRequest::text)
        .contains("/superpowers:write-plan")
        .noneMatch(r -> r.startsWith("/exit") || r.startsWith("/mcp"));
  }

  @Test
  void messagesBetweenAgentsAndNoticesNotKnownYetAreNeverRequests() throws IOException {
    Transcript t = read(TEAM);
    assertThat(t.messages()).extracting(TranscriptMessage::kind).containsExactly(MessageKind.PROMPT,
        MessageKind.ASSISTANT, MessageKind.AGENT_MESSAGE, MessageKind.AGENT_MESSAGE, MessageKind.TASK_NOTIFICATION,
        MessageKind.UNKNOWN, MessageKind.PROMPT);
    assertThat(t.recordCounts()).containsEntry("some-new-record", 1);
    assertThat(UserRequest.of(t.messages())).extracting(UserRequest::text).containsExactly(
        "Split the review of the payment module between two teammates and merge their findings.",
        "<div>paste</div> is broken in the preview");
  }

  @Test
  void aYesBindsToTheQuestionItAnswers() {
    List<TranscriptMessage> messages = List.of(
        TranscriptMessage.text(Role.USER, "Fix the flaky upload test"),
        TranscriptMessage.text(Role.ASSISTANT, "The test waits on a real clock. Fixed with a fake one; all green."
            + " Should I commit and push the fix?"),
        TranscriptMessage.text(Role.USER, "yes"));
    assertThat(UserRequest.of(messages)).extracting(UserRequest::answers).containsExactly(Optional.empty(),
        Optional.of("Should I commit and push the fix?"));
  }

  @Test
  void aLongMessageAfterAQuestionIsARequestOfItsOwn() {
    List<TranscriptMessage> messages = List.of(
        TranscriptMessage.text(Role.ASSISTANT, "Which option do you prefer?"),
        TranscriptMessage.text(Role.USER, "Neither: move the retry loop into the client and drop the wrapper"
            + " class, then run the integration tests."));
    assertThat(UserRequest.of(messages)).singleElement().satisfies(r -> assertThat(r.answers()).isEmpty());
  }

  @Test
  void theSystemContextAnAppPutsBeforeThePersonsWordsIsNotTheirs() {
    TranscriptMessage wrapped = TranscriptMessage.text(Role.USER, "<system_instruction>\nYou are working inside an"
        + " app that runs many coding agents in parallel.\n</system_instruction>\n\n\n<system_instruction>\nThe user"
        + " has attached these files. Read them before proceeding.\n- /w/.context/attachments/plan.md\n"
        + "</system_instruction>\n\n\n\nimplement");
    assertThat(wrapped.kind()).isEqualTo(MessageKind.PROMPT);
    assertThat(wrapped.typedText()).isEqualTo("implement");
    assertThat(UserRequest.of(List.of(wrapped))).extracting(UserRequest::text).containsExactly("implement");
    TranscriptMessage only = TranscriptMessage.text(Role.USER, "<system_instruction>\nYou are working inside an app"
        + "\n</system_instruction>");
    assertThat(only.isHumanInput()).isFalse();
    TranscriptMessage quoted = TranscriptMessage.text(Role.USER, "Why does <system_instruction> show up in the log?");
    assertThat(quoted.typedText()).isEqualTo("Why does <system_instruction> show up in the log?");
  }
}
