package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Open todo items written in the person's language, restated by a summary in another one. */
class OpenItemsTest {
  // The words particular to a last stretch about a TypeScript project's database login.
  private static final Set<String> STRETCH = Set.of("database", "typescript", "server", "login", "credential");

  @Test
  void aChineseItemIsNamedByThePathItHolds() {
    List<String> open = List.of("逐个检查src/strategy/全部文件", "逐个检查src/risk/全部文件");
    String pending = "- Check remaining directories: src/strategy/, src/risk/ and src/data/ for unused imports";
    assertThat(OpenItems.missed(open, pending, "Checking src/strategy/ file by file.", STRETCH)).isEmpty();
    assertThat(OpenItems.missed(open, "- Check the remaining directories for unused imports", "", STRETCH)).isEqualTo(open);
  }

  @Test
  void aJapaneseItemIsNamedByItsIdentifier() {
    List<String> open = List.of("ensureAllPlayersLoaded のデッドロックを解消");
    assertThat(OpenItems.missed(open, "- Test the modified `ensureAllPlayersLoaded()` implementation", "", STRETCH))
        .isEmpty();
  }

  @Test
  void portugueseItemsWithoutNamesAreCountedByTheStatementsPendingTasksSetsOut() {
    List<String> open = List.of("Testar conectividade do banco", "Inicializar servidor de desenvolvimento",
        "Testar endpoints da API", "Compilar projeto TypeScript");
    String all = """
        - Test the connection to the database with the new credentials
        - Compile the TypeScript project and fix what fails
        - Start the development server and check the API endpoints
        - Check that the login page loads
        """;
    assertThat(OpenItems.missed(open, all, "", STRETCH)).isEmpty();
    String two = "- Compile the TypeScript project and fix what fails\n- Start the server for development";
    assertThat(OpenItems.missed(open, two, "", STRETCH)).hasSize(2).doesNotContain("Compilar projeto TypeScript");
  }

  @Test
  void aPortugueseOrFrenchItemIsNamedByHalfOfItsWordsHeldAsCognates() {
    List<String> open = List.of("Criar sistema de autenticação/login", "Implementar notificações em tempo real",
        "Créer les pages Medicaments");
    String pending = "- Create authentication/login system\n- Implement real-time notifications\n"
        + "- Create Medications pages (list, add, history)";
    assertThat(OpenItems.missed(open, pending, "", STRETCH)).isEmpty();
    assertThat(OpenItems.missed(open, "- Create the sleep tracking pages\n- Fix the playback of tracks", "", STRETCH))
        .containsExactly("Criar sistema de autenticação/login", "Implementar notificações em tempo real");
  }

  @Test
  void statementsThatShareNoWordParticularToTheStretchCountForNoItem() {
    List<String> open = List.of("Testar conectividade do banco", "Inicializar servidor de desenvolvimento",
        "Testar endpoints da API", "Verificar a página de login");
    String another = "- Refactor the payment module and update its tests\n- Review the deployment scripts";
    assertThat(OpenItems.missed(open, another, "", STRETCH)).isEqualTo(open);
    assertThat(OpenItems.missed(open, another + "\n- Test the connection to the database with the new credentials", "",
        STRETCH)).hasSize(3);
  }

  @Test
  void aListOfKeywordsCountsForNoItem() {
    List<String> open = List.of("Testar conectividade do banco", "Inicializar servidor de desenvolvimento");
    assertThat(OpenItems.missed(open, "- database.ts\n- pg_hba.conf\n- next steps", "", STRETCH)).isEqualTo(open);
  }

  @Test
  void anItemInTheSummarysLanguageStillNeedsHalfOfItsWords() {
    List<String> open = List.of("add a test for the quoted field parser");
    assertThat(OpenItems.missed(open, "- Add a test for the quoted field parser.", "", STRETCH)).isEmpty();
    assertThat(OpenItems.missed(open, "- Fix the layout of the review page.\n- Deploy the site.", "", STRETCH))
        .isEqualTo(open);
  }

  @Test
  void anIdIsNamedAsAToken() {
    assertThat(OpenItems.names("- [open] gqc.7 is still to do", "gqc.7")).isTrue();
    assertThat(OpenItems.names("- [open] gqc.71 is still to do", "gqc.7")).isFalse();
  }

  @Test
  void theMarksOfAnItemAreItsNamesPathsAndNumbersOfTwoCharactersOrMore() {
    assertThat(OpenItems.marks("Week 1 Day 3-4 테스트 작성 (raft_replication_test.fl)"))
        .contains("raft_replication_test.fl", "3-4").doesNotContain("1");
  }

  @Test
  void listItemsThatOnlyNamePathsCountForNoItem() {
    List<String> open = List.of("生成后端功能点对照文档", "生成前端接口文档");
    String paths = """
        - Delete the old files once the user confirms:
          - `D:\\project\\feature\\2210-空间站公告-前端接口文档.md`
          - D:/project/feature/2210-空间站公告-后端功能点对照.md
        """;
    assertThat(OpenItems.missed(open, paths, "", STRETCH)).isEqualTo(open);
    assertThat(OpenItems.missed(open, paths + "- Write the comparison document of the database login\n", "", STRETCH)).hasSize(1);
  }
}
