"""KOPA-Nano, trained here: a SentencePiece tokenizer and a small llama-architecture decoder (nano_model.py), learned
from the conversations KOPA Studio writes for the model (`kopa train nano` writes them: the system prompt, the tools
one line each, calls as grammar steps, results as the agent shows them, the committed answer), with the loss on the
model's own turns only. A recipe, not a framework: torch and sentencepiece, nothing else.

    python3 nano.py tokenizer --corpus train.jsonl --out RUN [--vocab 4096]
    python3 nano.py train --corpus train.jsonl [--val val.jsonl] --out RUN [--keep DIR] [--steps N] [--dim 256 ...]
    python3 nano.py export --out RUN            # RUN/export/weights.f32 and model.json, for the GGUF writer
    python3 nano.py generate --out RUN --prompt-file P [--tokens N]   # greedy ids, to compare with llama.cpp
    python3 nano.py score --out RUN --corpus C.jsonl      # each line's mean log-probability of its trained tokens
    python3 nano.py grpo --out RUN --reference REF.pt --batch B.jsonl --iteration K [--lr 1e-4 --beta 0.04]
    python3 nano.py serve       # each stdin line a JSON array of one command's arguments; {"event": "served"} after each

A corpus line is {"segments": [{"text": "...", "train": false}, {"text": "...", "train": true}, ...]}; a GRPO batch line
adds the attempt's "advantage" within its group. `train` resumes
from RUN/checkpoint.pt whenever it exists (written atomically every --checkpoint-every steps, and when stopped by
SIGTERM or SIGINT), and prints one JSON object per line on stdout: {"event": "progress", ...} as it goes.

`--keep DIR` also writes, with each checkpoint, DIR/kept.pt: the weights in float16 and where the run stands, without
the optimizer's moments (a third of the checkpoint's size: small enough to commit, so a run outlives its machine). A run
with no checkpoint.pt starts from kept.pt when there is one, with fresh moments and the rate warmed up again over
REWARM steps (AdamW's second moment forgets in about 1 / (1 - beta2) = 20 steps).
"""

import argparse
import hashlib
import json
import math
import os
import random
import signal
import sys
import tempfile
import time

import torch
from torch.nn import functional as F

from nano_model import Nano, NanoConfig

SPECIALS = ["<|im_start|>", "<|im_end|>", "\n"]


def say(event, **fields):
    print(json.dumps({"event": event, **fields}, ensure_ascii=False), flush=True)


def read_corpus(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def tokenizer_command(a):
    import sentencepiece as spm

    os.makedirs(a.out, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        for record in read_corpus(a.corpus):
            f.write("".join(s["text"] for s in record["segments"]) + "\n")
        text_file = f.name
    try:
        # The settings llama.cpp's SentencePiece tokenizer reproduces token for token: BPE, text as written (no
        # normalisation, no dummy prefix, spaces kept), the chat tags and the newline as pieces of their own (so
        # a turn tokenizes the same alone as inside a conversation), digits one by one (codes are copied digit by
        # digit), and bytes for any character the pieces lack.
        spm.SentencePieceTrainer.train(
            input=text_file,
            model_prefix=os.path.join(a.out, "tokenizer"),
            vocab_size=a.vocab,
            model_type="bpe",
            normalization_rule_name="identity",
            add_dummy_prefix=False,
            remove_extra_whitespaces=False,
            user_defined_symbols=SPECIALS,
            byte_fallback=True,
            split_digits=True,
            allow_whitespace_only_pieces=True,
            max_sentencepiece_length=16,
            max_sentence_length=1 << 16,
            character_coverage=0.9995,
            unk_id=0,
            bos_id=1,
            eos_id=2,
            pad_id=-1,
            num_threads=max(1, os.cpu_count() or 1),
            minloglevel=2,
        )
    finally:
        os.unlink(text_file)
    say("tokenizer", vocab=a.vocab, path=os.path.join(a.out, "tokenizer.model"))


def load_tokenizer(out):
    import sentencepiece as spm

    return spm.SentencePieceProcessor(model_file=os.path.join(out, "tokenizer.model"))


def encode(sp, record, context):
    """Token ids and a loss mask (1 on the model's own turns), cut to the context."""
    ids, mask = [], []
    for segment in record["segments"]:
        piece = sp.encode(segment["text"])
        ids += piece
        mask += [1 if segment["train"] else 0] * len(piece)
    return ids[:context], mask[:context]


def batches(examples, batch_tokens, rng):
    """Groups of examples of about batch_tokens tokens, similar lengths together, in a random order each epoch."""
    order = sorted(range(len(examples)), key=lambda i: (len(examples[i][0]), rng.random()))
    groups, group, longest = [], [], 0
    for i in order:
        n = len(examples[i][0])
        if group and max(longest, n) * (len(group) + 1) > batch_tokens:
            groups.append(group)
            group, longest = [], 0
        group.append(i)
        longest = max(longest, n)
    if group:
        groups.append(group)
    rng.shuffle(groups)
    return groups


def tensors(examples, group):
    longest = max(len(examples[i][0]) for i in group)
    tokens = torch.zeros((len(group), longest), dtype=torch.long)
    weights = torch.zeros((len(group), longest), dtype=torch.float32)
    for row, i in enumerate(group):
        ids, mask = examples[i]
        tokens[row, : len(ids)] = torch.tensor(ids)
        weights[row, : len(mask)] = torch.tensor(mask, dtype=torch.float32)
    return tokens, weights


def masked_loss(model, tokens, weights):
    logits = model(tokens[:, :-1])
    target_weights = weights[:, 1:]
    losses = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1), reduction="none")
    return (losses * target_weights.reshape(-1)).sum() / target_weights.sum().clamp(min=1)


def learning_rate(step, steps, peak, warmup):
    if step < warmup:
        return peak * (step + 1) / warmup
    progress = (step - warmup) / max(1, steps - warmup)
    return peak * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(1.0, progress))))


REWARM = 50


def save_atomically(state, path):
    tmp = f"{path}.partial"
    torch.save(state, tmp)
    os.replace(tmp, path)


def train_command(a):
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads or max(1, os.cpu_count() or 1))
    sp = load_tokenizer(a.out)
    config_path = os.path.join(a.out, "config.json")
    checkpoint = os.path.join(a.out, "checkpoint.pt")
    kept = os.path.join(a.keep, "kept.pt") if a.keep else None
    resumable = checkpoint if os.path.exists(checkpoint) else kept if kept and os.path.exists(kept) else None
    if resumable:
        state = torch.load(resumable)
        config, settings = NanoConfig(**state["config"]), state["settings"]
        # The same command resumes; a larger --steps goes on past the old end, the schedule stretched to the new one.
        settings["steps"] = a.steps
        if resumable == kept:
            settings["rewarm_from"] = state["step"]
            state["model"] = {k: v.float() for k, v in state["model"].items()}
            with open(config_path, "w") as f:
                json.dump({"config": config.to_dict(), "settings": settings}, f, indent=2)
    else:
        state = None
        config = NanoConfig(vocab=sp.get_piece_size(), dim=a.dim, layers=a.layers, heads=a.heads, ffn=a.ffn, context=a.context)
        settings = {"steps": a.steps, "lr": a.lr, "warmup": a.warmup, "batch_tokens": a.batch_tokens, "seed": a.seed}
        with open(config_path, "w") as f:
            json.dump({"config": config.to_dict(), "settings": settings}, f, indent=2)
    examples = [encode(sp, r, config.context) for r in read_corpus(a.corpus)]
    examples = [e for e in examples if sum(e[1]) > 0]
    held = [encode(sp, r, config.context) for r in read_corpus(a.val)] if a.val else []
    model = Nano(config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=settings["lr"], betas=(0.9, 0.95), weight_decay=0.1)
    step, epoch, position, seen = 0, 0, 0, 0
    if state:
        model.load_state_dict(state["model"])
        if "optimizer" in state:
            optimizer.load_state_dict(state["optimizer"])
        step, epoch, position, seen = state["step"], state["epoch"], state["position"], state["tokens"]
    say(
        "start",
        parameters=model.parameter_count(),
        examples=len(examples),
        step=step,
        steps=settings["steps"],
        config=config.to_dict(),
        resumedFrom="kept" if resumable and resumable == kept else "checkpoint" if resumable else None,
    )

    stopping = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.append(True))

    validated = (state or {}).get("validation")

    def snapshot():
        where = {"config": config.to_dict(), "settings": settings, "step": step, "epoch": epoch, "position": position, "tokens": seen}
        if validated:
            where["validation"] = validated
        save_atomically({**where, "model": model.state_dict(), "optimizer": optimizer.state_dict()}, checkpoint)
        if kept:
            os.makedirs(a.keep, exist_ok=True)
            save_atomically({**where, "model": {k: v.half() for k, v in model.state_dict().items()}}, kept)

    def rate_at(step):
        peak = learning_rate(step, settings["steps"], settings["lr"], settings["warmup"])
        since = step - settings.get("rewarm_from", -REWARM)
        return peak * min(1.0, (since + 1) / REWARM)

    started, since, window = time.time(), time.time(), 0
    losses = []
    while step < settings["steps"] and not stopping:
        # Each epoch's order comes from the seed and the epoch alone, so a resumed run sees what a straight one does.
        groups = batches(examples, settings["batch_tokens"], random.Random(settings["seed"] * 1000 + epoch))
        while position < len(groups) and step < settings["steps"] and not stopping:
            tokens, weights = tensors(examples, groups[position])
            for group in optimizer.param_groups:
                group["lr"] = rate_at(step)
            loss = masked_loss(model, tokens, weights)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            step, position = step + 1, position + 1
            seen += tokens.numel()
            window += tokens.numel()
            losses.append(loss.item())
            if step % a.log_every == 0 or step == settings["steps"]:
                now = time.time()
                rate = window / max(1e-9, now - since)
                say(
                    "progress",
                    step=step,
                    steps=settings["steps"],
                    loss=round(sum(losses) / len(losses), 4),
                    tokensPerSecond=round(rate),
                    tokens=seen,
                    etaSeconds=round((settings["steps"] - step) * (now - started) / max(1, step - (state or {}).get("step", 0))),
                )
                since, window, losses = now, 0, []
            if step % a.checkpoint_every == 0:
                snapshot()
        if position >= len(groups):
            epoch, position = epoch + 1, 0
    if held and not stopping:
        # The held-out loss of these weights on this held-out set is kept with them: resumed at its end, a finished
        # run says it again instead of reading thousands of examples one by one.
        digest = hashlib.sha256(json.dumps(held).encode()).hexdigest()
        reused = bool(validated and validated.get("step") == step and validated.get("held") == digest)
        if not reused:
            model.eval()
            with torch.no_grad():
                total = 0.0
                for ids, mask in held:
                    t, w = tensors([(ids, mask)], [0])
                    total += masked_loss(model, t, w).item()
            validated = {"step": step, "held": digest, "loss": round(total / len(held), 4)}
        say("validation", loss=validated["loss"], reused=reused)
    snapshot()
    say("stopped" if stopping else "done", step=step, tokens=seen)


def load_model(out):
    state = torch.load(os.path.join(out, "checkpoint.pt"))
    model = Nano(NanoConfig(**state["config"]))
    model.load_state_dict(state["model"])
    model.eval()
    return model


def export_command(a):
    """The weights in GGUF tensor order as little-endian float32, and what the GGUF writer needs beside them."""
    model = load_model(a.out)
    sp = load_tokenizer(a.out)
    folder = os.path.join(a.out, "export")
    os.makedirs(folder, exist_ok=True)
    tensors_out = []
    with open(os.path.join(folder, "weights.f32.partial"), "wb") as f:
        for name, dims, w in model.gguf_tensors():
            data = w.detach().to(torch.float32).contiguous().numpy().astype("<f4")
            tensors_out.append({"name": name, "dims": dims, "count": int(data.size)})
            f.write(data.tobytes())
    os.replace(os.path.join(folder, "weights.f32.partial"), os.path.join(folder, "weights.f32"))
    specials = set(SPECIALS)
    types = []
    for i in range(sp.get_piece_size()):
        piece = sp.id_to_piece(i)
        types.append(2 if sp.is_unknown(i) else 3 if sp.is_control(i) else 6 if sp.is_byte(i) else 4 if piece in specials else 1)
    manifest = {
        "config": model.config.to_dict(),
        "tensors": tensors_out,
        "tokenizer": {
            "pieces": [sp.id_to_piece(i) for i in range(sp.get_piece_size())],
            "scores": [sp.get_score(i) for i in range(sp.get_piece_size())],
            "types": types,
            "unk": sp.unk_id(),
            "bos": sp.bos_id(),
            "endOfTurn": sp.piece_to_id("<|im_end|>"),
        },
    }
    with open(os.path.join(folder, "model.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False)
    say("exported", folder=folder, parameters=model.parameter_count())


def generate_command(a):
    """Greedy continuation of a prompt, token ids only: the reference llama.cpp must reproduce."""
    model = load_model(a.out)
    sp = load_tokenizer(a.out)
    with open(a.prompt_file, encoding="utf-8") as f:
        prompts = json.load(f)
    end = sp.piece_to_id("<|im_end|>")
    results = []
    with torch.no_grad():
        for prompt in prompts:
            ids = sp.encode(prompt)
            out = []
            for _ in range(a.tokens):
                nxt = int(model(torch.tensor([ids + out]))[0, -1].argmax())
                # The end of a turn ends generation and is not part of it, as in llama.cpp.
                if nxt == end:
                    break
                out.append(nxt)
            results.append({"prompt": ids, "generated": out})
    say("generated", results=results)


def token_log_probs(model, tokens):
    """log p(token t | tokens before it) for every token after the first, [batch, time - 1]."""
    logits = model(tokens[:, :-1])
    return torch.log_softmax(logits.float(), dim=-1).gather(-1, tokens[:, 1:].unsqueeze(-1)).squeeze(-1)


def score_command(a):
    """Each corpus line's mean log-probability of the tokens the model writes (its trained segments), under the run's
    checkpoint: how likely the model now finds a given answer."""
    model = load_model(a.out)
    sp = load_tokenizer(a.out)
    scores = []
    with torch.no_grad():
        for record in read_corpus(a.corpus):
            tokens, weights = tensors([encode(sp, record, model.config.context)], [0])
            weights = weights[:, 1:]
            scores.append(round(((token_log_probs(model, tokens) * weights).sum() / weights.sum().clamp(min=1)).item(), 6))
    say("scored", logProbs=scores)


def grpo_command(a):
    """One GRPO update from one batch of sampled groups (DeepSeekMath's objective, one step per batch so the ratio is 1
    when the gradient is taken): each attempt's own tokens pushed up or down by its group advantage, averaged over its
    tokens and then over attempts, with the k3 estimate of KL(policy || reference) per token keeping the policy near
    the supervised model. The checkpoint records the iteration it has taken, so a batch applied before a crash is not
    applied again when the same iteration is asked for."""
    torch.manual_seed(a.seed + a.iteration)
    torch.set_num_threads(a.threads or max(1, os.cpu_count() or 1))
    sp = load_tokenizer(a.out)
    ref_state = torch.load(a.reference)
    config = NanoConfig(**ref_state["config"])
    reference = Nano(config)
    reference.load_state_dict(ref_state["model"])
    reference.eval()
    policy = Nano(config)
    optimizer = torch.optim.AdamW(policy.parameters(), lr=a.lr, betas=(0.9, 0.95), weight_decay=0.0)
    checkpoint = os.path.join(a.out, "checkpoint.pt")
    state = torch.load(checkpoint)
    policy.load_state_dict(state["model"])
    # The run begins on a copy of the supervised checkpoint, whose optimizer (another rate, another objective) is not ours.
    taken = state.get("iteration", 0)
    if "iteration" in state:
        optimizer.load_state_dict(state["optimizer"])
    if taken > a.iteration:
        say("grpo", iteration=a.iteration, skipped=True)
        return
    records = [r for r in read_corpus(a.batch) if r.get("advantage", 0) != 0]
    examples = [(encode(sp, r, config.context), float(r["advantage"])) for r in records]
    examples = [(e, adv) for e, adv in examples if sum(e[1]) > 0]
    losses, kls, tokens_seen = [], [], 0
    optimizer.zero_grad(set_to_none=True)
    for (ids, mask), advantage in examples:
        tokens, weights = tensors([(ids, mask)], [0])
        weights = weights[:, 1:]
        own = token_log_probs(policy, tokens)
        with torch.no_grad():
            ref = token_log_probs(reference, tokens)
        diff = ref - own
        # Clamped as verl's low_var_kl is: the attempts were sampled under a grammar, not from the policy alone, so a
        # token the grammar forced can be far likelier under the reference, and one such token would swamp the estimate.
        kl = torch.clamp(torch.exp(diff) - diff - 1, max=10.0)
        per_token = -advantage * torch.exp(own - own.detach()) + a.beta * kl
        loss = (per_token * weights).sum() / weights.sum()
        (loss / len(examples)).backward()
        losses.append(loss.item())
        kls.append(((kl * weights).sum() / weights.sum()).item())
        tokens_seen += int(weights.sum().item())
    if examples:
        torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
        optimizer.step()
    save_atomically(
        {"config": config.to_dict(), "model": policy.state_dict(), "optimizer": optimizer.state_dict(), "iteration": a.iteration + 1},
        checkpoint,
    )
    mean = lambda xs: round(sum(xs) / len(xs), 5) if xs else None
    say("grpo", iteration=a.iteration, attempts=len(examples), tokens=tokens_seen, loss=mean(losses), kl=mean(kls))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tokenizer")
    t.add_argument("--corpus", required=True)
    t.add_argument("--out", required=True)
    t.add_argument("--vocab", type=int, default=4096)
    r = sub.add_parser("train")
    r.add_argument("--corpus", required=True)
    r.add_argument("--val")
    r.add_argument("--out", required=True)
    r.add_argument("--keep")
    r.add_argument("--steps", type=int, default=6000)
    r.add_argument("--dim", type=int, default=256)
    r.add_argument("--layers", type=int, default=6)
    r.add_argument("--heads", type=int, default=8)
    r.add_argument("--ffn", type=int, default=704)
    r.add_argument("--context", type=int, default=4096)
    r.add_argument("--lr", type=float, default=2e-3)
    r.add_argument("--warmup", type=int, default=200)
    r.add_argument("--batch-tokens", type=int, default=16384)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--threads", type=int, default=0)
    r.add_argument("--log-every", type=int, default=10)
    r.add_argument("--checkpoint-every", type=int, default=100)
    e = sub.add_parser("export")
    e.add_argument("--out", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--out", required=True)
    g.add_argument("--prompt-file", required=True)
    g.add_argument("--tokens", type=int, default=32)
    o = sub.add_parser("grpo")
    o.add_argument("--out", required=True)
    o.add_argument("--reference", required=True)
    o.add_argument("--batch", required=True)
    o.add_argument("--iteration", type=int, required=True)
    o.add_argument("--lr", type=float, default=1e-4)
    o.add_argument("--beta", type=float, default=0.04)
    o.add_argument("--seed", type=int, default=1)
    o.add_argument("--threads", type=int, default=0)
    c = sub.add_parser("score")
    c.add_argument("--out", required=True)
    c.add_argument("--corpus", required=True)
    a = p.parse_args(argv)
    commands = {"score": score_command, "tokenizer": tokenizer_command, "train": train_command, "export": export_command, "generate": generate_command, "grpo": grpo_command}
    commands[a.command](a)


def serve():
    """Runs the commands a run sends one line at a time, so that torch is imported once per run, not per command. A
    command that fails ends the process with its traceback, as it would alone. The parent decides when to stop (a
    terminal's Ctrl+C reaches it too): SIGTERM, which training turns into a checkpoint."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        if line.strip():
            main(json.loads(line))
            # Training catches SIGTERM to checkpoint; between commands, and in any other, it ends the process again.
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            say("served")


if __name__ == "__main__":
    if sys.argv[1:] == ["serve"]:
        serve()
    else:
        main(sys.argv[1:])
