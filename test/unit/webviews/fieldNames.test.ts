// Figure labels in words: a panel's field name or path made readable (the raw name stays in the tooltip).
import * as assert from 'node:assert/strict';
import { readableFieldName } from '../../../src/webviews/figures/fieldNames';

describe('webviews: readable field names', () => {
  it('reads paths, snake_case and camelCase as a sentence', () => {
    assert.equal(readableFieldName('points.active_keys'), 'Active keys');
    assert.equal(readableFieldName('keys.by_state'), 'Keys by state');
    assert.equal(readableFieldName('online'), 'Online');
    assert.equal(readableFieldName('keys_online'), 'Keys online');
    assert.equal(readableFieldName('summary.keysOnline'), 'Summary keys online');
    assert.equal(readableFieldName('items'), 'Items', 'a container alone keeps its name');
    assert.equal(readableFieldName('items[0].name'), 'Name');
  });

  it('puts units in parentheses and writes acronyms in capitals', () => {
    assert.equal(readableFieldName('series.latency_ms'), 'Latency (ms)');
    assert.equal(readableFieldName('series.cpu_percent'), 'CPU (%)');
    assert.equal(readableFieldName('traffic_bytes'), 'Traffic (bytes)');
    assert.equal(readableFieldName('ms'), 'Ms', 'a unit alone is a word');
  });

  it('keeps a name it cannot read as words', () => {
    assert.equal(readableFieldName(''), '');
    assert.equal(readableFieldName('__'), '__');
    assert.equal(readableFieldName('[3]'), '[3]');
  });
});
