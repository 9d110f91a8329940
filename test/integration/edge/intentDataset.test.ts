// The intent-synthesis dataset's specifications, both read off one synthesis (intentDataset.ts).
import { useIntentDataset } from './intentDataset.ts';
import './intentSynth.spec.ts';
import './synthVisible.spec.ts';

useIntentDataset();
