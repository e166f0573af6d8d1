package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A summary written in English of a session held in Korean, Chinese or Portuguese is judged on what reads the same in
 * any language, and one in the session's own language on every word.
 */
class ContinuityAcrossLanguagesTest {

  private static Continuity.Result score(Continuity state, String pending, String current, String next) {
    return state.score(SummarySections.parse(DegradationLadderTest.summary("freelang-raft-db was pushed.", pending,
        current, next)));
  }

  @Test
  void aKoreanRequestRetoldInEnglishEarnsPendingTasksByWhatItNames() {
    Map<String, Double> asked = Map.of("토큰", 3.1, "로컬", 2.8, "메모", 3.9, "모리", 3.9, "또는", 3.4,
        "gogs_push_guide.md", 6.0);
    Continuity state = new Continuity(List.of(), asked, asked, Set.of("gogs_push_guide.md"));
    Continuity.Result kept = score(state, "- Complete the GOGS push once the user says where the token is kept",
        "The push failed for want of a token; GOGS_PUSH_GUIDE.md lists the three ways to authenticate.",
        "Push with the token the user gives, as GOGS_PUSH_GUIDE.md describes.");
    Continuity.Result lost = score(state, "- Complete the GOGS push once the user says where the token is kept",
        "The push failed for want of a token and the user was asked how to authenticate.",
        "Wait for the user to say where the token is kept, then push with it.");
    assertThat(kept.total()).isEqualTo(100);
    assertThat(lost.pending()).isZero();
  }

  @Test
  void aPortugueseRequestRetoldInEnglishIsNotAskedForItsPortugueseWords() {
    Map<String, Double> asked = Map.of("guarda", 4.0, "sua", 1.0, "memoria", 4.0, "também", 2.0,
        "backup_db.sh", 6.0);
    Continuity state = new Continuity(List.of(), asked, asked, Set.of("backup_db.sh"));
    Continuity.Result r = score(state, "- Save the backup procedure of backup_db.sh to memory as the user asked",
        "The backup script backup_db.sh was written and tested; its documentation is going to memory.",
        "Write the memory entry for backup_db.sh and its restore steps.");
    assertThat(r.pending()).isEqualTo(40);
    assertThat(r.current()).isEqualTo(30);
  }

  @Test
  void aRequestInAnotherLanguageThatNamesNothingIsNotTakenAsHeldByTheProjectsCommonWords() {
    Map<String, Double> request = Map.of("確認", 4.3, "目前", 4.8, "移植", 4.8, "做完", 4.8);
    Map<String, Double> live = Map.of("確認", 4.3, "移植", 4.8, "current", 3.7, "phase", 2.8, "plan", 2.4);
    Continuity state = new Continuity(List.of(), live, request, Set.of());
    Continuity.Result other = score(state, "- Execute phase 1 of the plan: the project setup",
        "The current phase of the plan was read and the environment checked.", "Start phase 1 of the plan.");
    assertThat(other.pending()).isZero();
    assertThat(other.current()).isEqualTo(30);
  }

  @Test
  void aSummaryInTheSessionsLanguageIsStillAskedForEveryWord() {
    Map<String, Double> asked = Map.of("csv", 3.0, "export", 3.0, "comma", 2.0, "quoted", 2.0);
    Continuity state = new Continuity(List.of(), asked, asked, Set.of());
    Continuity.Result other = score(state, "- The review page needs its layout fixed before the release",
        "Working on the layout of the review page and its styles.", "Fix the layout of the review page next.");
    assertThat(other.total()).isZero();
  }

  @Test
  void chineseTodoItemsRestatedInEnglishAreNamedByTheirPaths() {
    Continuity state = new Continuity(List.of("逐个检查src/strategy/全部文件", "逐个检查src/risk/全部文件"),
        Map.of("src/strategy", 3.0, "检查", 2.0), Map.of(), Set.of("src/strategy", "src/risk"));
    Continuity.Result named = score(state, "- Check the remaining directories: src/strategy/ and src/risk/",
        "Checking the files under src/strategy/ one by one for dead code.", "Go on with src/strategy/ next.");
    Continuity.Result unnamed = score(state, "- Check the remaining directories for dead code",
        "Checking the files one by one for dead code.", "Go on with the next directory.");
    assertThat(named.pending()).isEqualTo(40);
    assertThat(unnamed.pending()).isZero();
  }

  @Test
  void aStretchMostlyInAnotherLanguageGivesLessThanFullMarksForTheLittleThatCanBeChecked() {
    String current = "The current phase: parser.py reads the quoted fields.";
    String next = "Finish the current phase in parser.py.";
    // What can be checked is 3 of 43: under the next step's full share (0.1) as well as under Current Work's.
    Map<String, Double> mostlyChinese = Map.of("确认", 10.0, "移植", 10.0, "文档", 10.0, "测试", 10.0, "current", 1.0,
        "phase", 1.0, "parser.py", 1.0);
    Map<String, Double> mostlyNames = Map.of("确认", 1.0, "移植", 1.0, "current", 1.0, "phase", 1.0,
        "parser.py", 2.0);
    Continuity.Result little = score(new Continuity(List.of(), mostlyChinese, Map.of(), Set.of("parser.py")),
        "- Port the parser", current, next);
    Continuity.Result much = score(new Continuity(List.of(), mostlyNames, Map.of(), Set.of("parser.py")),
        "- Port the parser", current, next);
    assertThat(much.current()).isEqualTo(30);
    assertThat(little.current()).isGreaterThan(0).isLessThan(30);
    assertThat(little.next()).isLessThan(much.next());
  }

  @Test
  void anUnnamedItemInAnotherLanguageIsNotCountedByStatementsThatShareOnlyCommonWordsWithTheStretch() {
    // The stretch's English words are said once in the segment, so they weigh as much as its report's name.
    Map<String, Double> live = Map.of("read", 3.3, "current", 3.3, "state", 3.3, "file", 3.3, "update", 3.3,
        "inventory_report.md", 3.3, "更新", 2.2, "文档", 2.2);
    Continuity state = new Continuity(List.of("更新项目记忆文件"), live, Map.of(), Set.of("inventory_report.md"));
    Continuity.Result another = score(state, "- Update the file with the current state of the deployment",
        "Reading the current state of the deployment.", "Update the file with the new state.");
    Continuity.Result ours = score(state, "- Update inventory_report.md with the current state",
        "Reading the current state of inventory_report.md.", "Update inventory_report.md.");
    assertThat(another.pending()).isZero();
    assertThat(ours.pending()).isEqualTo(40);
  }

  @Test
  void aStretchAllInAnotherLanguageThatNamesNothingEarnsASummaryInEnglishNothing() {
    Map<String, Double> korean = Map.of("전부", 4.5, "택배", 3.2, "건수", 3.2);
    Continuity state = new Continuity(List.of(), korean, korean, Set.of());
    Continuity.Result r = score(state, "- Finish the weekly report for the team", "Writing the weekly report.",
        "Send the weekly report to the team.");
    assertThat(r.total()).isZero();
  }

  @Test
  void aSummaryThatHoldsAllItCanOfARequestInAnotherLanguageEarnsWhatThatShareEarnsInOne() {
    // parser.py is 0.16 of the request's weight: past the share (0.15) at which a request held in its own
    // language earns Pending Tasks whole.
    Map<String, Double> request = Map.of("确认", 1.68, "移植", 1.68, "文档", 1.68, "测试", 1.68, "解析", 1.68,
        "parser.py", 1.6);
    Continuity state = new Continuity(List.of(), request, request, Set.of("parser.py"));
    Continuity.Result r = score(state, "- Port parser.py to the new reader and confirm it",
        "Porting parser.py to the new reader.", "Finish porting parser.py.");
    assertThat(r.pending()).isEqualTo(40);
  }
}
