package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each agent's tool names as the vocabulary names them, with the field the views read. */
class ToolVocabularyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "CURSOR | run_terminal_cmd        | {\"command\":\"make\"}                     | Bash     | command   | make",
      "CURSOR | run_terminal_command_v2 | {\"command\":\"make\"}                     | Bash     | command   | make",
      "CURSOR | read_file               | {\"target_file\":\"a.txt\"}                | Read     | file_path | a.txt",
      "CURSOR | read_file_v2            | {\"path\":\"a.txt\"}                       | Read     | file_path | a.txt",
      "CURSOR | edit_file               | {\"target_file\":\"a.txt\"}                | Edit     | file_path | a.txt",
      "CURSOR | search_replace          | {\"file_path\":\"a.txt\",\"old_str\":\"x\"} | Edit     | old_string | x",
      "CURSOR | write                   | {\"file_path\":\"a.txt\",\"contents\":\"c\"} | Write  | content   | c",
      "CURSOR | delete_file             | {\"target_file\":\"a.txt\"}                | Delete   | file_path | a.txt",
      "CURSOR | list_dir                | {\"target_directory\":\"src\"}             | LS       | path      | src",
      "CURSOR | glob_file_search        | {\"glob_pattern\":\"*.ts\"}                | Glob     | pattern   | *.ts",
      "CURSOR | grep_search             | {\"query\":\"TODO\"}                       | Grep     | pattern   | TODO",
      "CURSOR | web_search              | {\"search_term\":\"jqwik\"}                | WebSearch | query    | jqwik",
      "CODEX  | shell_command           | {\"command\":\"ls\"}                       | Bash     | command   | ls",
  })
  void eachToolIsNamedAsTheVocabularyNamesIt(CodingAgent agent, String tool, String input, String name, String field,
      String value) throws Exception {
    ContentBlock.ToolUse use = ToolVocabulary.call(agent, "1", tool, JSON.readTree(input));

    assertThat(use.name()).isEqualTo(name);
    assertThat(use.inputText(field)).isEqualTo(value);
    assertThat(ToolVocabulary.nameOf(agent, tool)).isEqualTo(name);
  }
}
