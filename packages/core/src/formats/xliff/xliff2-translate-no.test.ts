import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

const doc = `<?xml version="1.0"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en">
  <file id="frozen" translate="no">
    <unit id="a"><segment><source>Frozen by its file</source></segment></unit>
    <unit id="b" translate="yes"><segment><source>Translatable again</source></segment></unit>
  </file>
  <file id="main">
    <group id="g" translate="no">
      <unit id="c"><segment><source>Frozen by its group</source></segment></unit>
      <group id="inner"><unit id="d"><segment><source>Frozen two groups down</source></segment></unit></group>
      <unit id="e" translate="yes"><segment><source>Open inside a frozen group</source></segment></unit>
    </group>
    <unit id="range"><segment><source>Install <sm id="m1" translate="no"/>Transloom Pro<em startRef="m1"/> today</source></segment></unit>
    <unit id="term"><segment><source>A <sm id="t1" type="term"/>glossary term<em startRef="t1"/> here</source></segment></unit>
    <unit id="pc"><segment><source>Run <pc id="1" translate="no">npm start</pc> first</source></segment></unit>
    <unit id="mrk"><segment><source>Call <mrk id="m" translate="no">fetchAll</mrk> once</source></segment></unit>
    <unit id="span">
      <segment id="s1"><source>Open <sm id="m2" translate="no"/>protected</source></segment>
      <segment id="s2"><source>still protected<em startRef="m2"/> and free</source></segment>
    </unit>
    <unit id="cross"><segment><source><pc id="1">Bold <sm id="m3" translate="no"/>Brand</pc> Name<em startRef="m3"/> text</source></segment></unit>
  </file>
</xliff>
`;

describe('XLIFF 2.0 translate="no"', () => {
  const document = loadDocument({ path: 'app.xlf', content: doc });
  const segments = new Map(document.units.map((u) => [u.id, u.segment]));

  it('is inherited from <file> and <group> by units, and a unit can turn it back on', () => {
    expect([...segments.keys()]).toEqual([
      'frozen#b',
      'main#e',
      'main#range',
      'main#term',
      'main#pc',
      'main#mrk',
      'main#span#s1',
      'main#span#s2',
      'main#cross',
    ]);
  });

  it('protects an <sm translate="no"/>..<em/> range as one placeholder', () => {
    expect(segments.get('main#range')).toBe('Install <x id="1"/> today');
    // A marker without translate="no" keeps its text translatable.
    expect(segments.get('main#term')).toBe('A <x id="1"/>glossary term<x id="2"/> here');
  });

  it('protects <pc translate="no"> and <mrk translate="no"> with their content', () => {
    expect(segments.get('main#pc')).toBe('Run <x id="1"/> first');
    expect(segments.get('main#mrk')).toBe('Call <x id="1"/> once');
  });

  it('protects a range that spans segments or crosses an inline element', () => {
    expect(segments.get('main#span#s1')).toBe('Open <x id="1"/>');
    expect(segments.get('main#span#s2')).toBe('<x id="1"/> and free');
    expect(segments.get('main#cross')).toBe('<g id="1">Bold <x id="2"/></g><x id="3"/> text');
  });

  it('writes the protected bytes back exactly', () => {
    const out = document.render(
      {
        'main#range': 'Installieren Sie <x id="1"/> heute',
        'main#cross': '<g id="1">Fett <x id="2"/></g><x id="3"/> Text',
      },
      { targetLocale: 'de' },
    );
    expect(out).toContain(
      '<target>Installieren Sie <sm id="m1" translate="no"/>Transloom Pro<em startRef="m1"/> heute</target>',
    );
    expect(out).toContain(
      '<target><pc id="1">Fett <sm id="m3" translate="no"/>Brand</pc> Name<em startRef="m3"/> Text</target>',
    );
  });
});
