import { describe, expect, it } from 'vitest';
import { statusTone } from './status-badge';

describe('statusTone', () => {
  it('colours done green, waiting yellow and refused or broken red, whatever the record', () => {
    for (const done of ['success', 'approved', 'paid', 'sent', 'active'])
      expect(statusTone(done), done).toBe('success');
    for (const waiting of ['pending', 'sending']) expect(statusTone(waiting), waiting).toBe('warning');
    for (const bad of ['failed', 'rejected', 'inactive']) expect(statusTone(bad), bad).toBe('danger');
  });

  it('leaves any other word neutral', () => {
    for (const other of ['cancelled', 'ended', 'Pending', '', 'toString']) {
      expect(statusTone(other), other).toBe('neutral');
    }
  });
});
