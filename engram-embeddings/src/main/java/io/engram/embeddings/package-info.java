/**
 * In-process sentence embeddings for the recall {@link io.engram.recall.Embedder} port: a pure-Java BERT
 * WordPiece tokenizer ({@link io.engram.embeddings.WordPieceTokenizer}) feeding a BERT-family ONNX model
 * run by ONNX Runtime ({@link io.engram.embeddings.OnnxBertEmbedder}), described by a
 * {@link io.engram.embeddings.BertModel}; {@link io.engram.embeddings.MiniLmEmbedder} is the default model.
 */
package io.engram.embeddings;
