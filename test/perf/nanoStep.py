"""Seconds a training step of the shipped KOPA-Nano model takes (nine sequences of 900 tokens, the corpus's median),
timed over a few steps after one warm-up. Run by nanoStep.bench.test.ts under each environment it compares."""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "resources", "train", "nano"))
import torch  # noqa: E402
from nano import masked_loss  # noqa: E402
from nano_model import Nano, NanoConfig  # noqa: E402

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
# "smoke" (inside npm test): the same code on a model too small to time, so that a broken benchmark fails fast.
smoke = sys.argv[2:] == ["smoke"]
torch.set_num_threads(max(1, os.cpu_count() or 1))
torch.manual_seed(0)
config = NanoConfig(vocab=1024, dim=32, layers=1, heads=2, ffn=64, context=512) if smoke else NanoConfig(vocab=4096, dim=192, layers=6, heads=3, ffn=512, context=4096)
model = Nano(config)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
shape = (2, 256) if smoke else (9, 900)
tokens = torch.randint(0, config.vocab, shape)
weights = torch.ones(*shape)


def step():
    loss = masked_loss(model, tokens, weights)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()


step()
started = time.time()
for _ in range(steps):
    step()
print(json.dumps({"secondsPerStep": (time.time() - started) / steps, "tokensPerStep": tokens.numel()}))
