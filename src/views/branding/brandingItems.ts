import * as vscode from 'vscode';
import type { BrandingAsset, BrandingField, BrandingProfile } from '../../state/brandingModel';
import { COLOUR_FIELDS, isHexColour } from '../../state/brandingModel';
import { plainLabel, untrustedMarkdown } from '../../text/untrustedText';
import { sizeText } from '../../text/displayLanguage';

/**
 * A branding profile: its name, "active" for the one the panel uses, the nine fields and the assets as
 * children. contextValue `brandingProfile`, `brandingProfile.active` (it cannot be deleted or activated),
 * or `brandingProfile.live` for the node's live copy (read only).
 */
export class BrandingProfileItem extends vscode.TreeItem {
  constructor(public profile: BrandingProfile, id: string, readonly panelId: string, live: boolean) {
    super('', vscode.TreeItemCollapsibleState.Collapsed);
    this.id = id;
    this.show(profile, live);
  }

  /** Shows a newer copy of the profile (the item keeps its id and place; its fields follow when expanded). */
  show(profile: BrandingProfile, live: boolean): void {
    this.profile = profile;
    this.label = plainLabel(profile.name, 100) || vscode.l10n.t('(unnamed profile)');
    this.description = [profile.active ? vscode.l10n.t('active') : '', live ? vscode.l10n.t('live from the node') : '', plainLabel(profile.fields.theme_default, 20)]
      .filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon(profile.active ? 'star-full' : 'symbol-color');
    this.contextValue = live ? 'brandingProfile.live' : profile.active ? 'brandingProfile.active' : 'brandingProfile';
    this.tooltip = untrustedMarkdown()
      .heading(profile.name)
      .field(vscode.l10n.t('Profile id'), profile.id)
      .field(vscode.l10n.t('Panel name'), profile.fields.panel_name)
      .field(vscode.l10n.t('Active'), profile.active ? vscode.l10n.t('yes') : vscode.l10n.t('no'))
      .build();
  }
}

/** A square of the colour as the item's icon: an SVG `data:` URI of a validated `#rgb`/`#rrggbb` value. */
export function colourSwatch(hex: string): vscode.Uri {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect x="2" y="2" width="12" height="12" rx="2" fill="${hex}" stroke="#8888"/></svg>`;
  return vscode.Uri.parse(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
}

/** One of the nine fields of spec 2.4 with its value; clicking it edits it (with branding:write). */
export class BrandingFieldItem extends vscode.TreeItem {
  constructor(readonly profile: BrandingProfile, readonly field: BrandingField, readonly panelId: string, editable: boolean) {
    super(field, vscode.TreeItemCollapsibleState.None);
    const value = profile.fields[field];
    this.id = `branding/${panelId}/${profile.id}/field/${field}`;
    this.description = value === undefined ? vscode.l10n.t('(not set)') : plainLabel(value, 80) || vscode.l10n.t('(empty)');
    this.iconPath = COLOUR_FIELDS.includes(field) && isHexColour(value)
      ? colourSwatch(value)
      : new vscode.ThemeIcon(COLOUR_FIELDS.includes(field) ? 'symbol-color' : field === 'support_link' ? 'link' : field === 'custom_css' ? 'symbol-namespace' : 'symbol-string');
    this.contextValue = editable ? 'brandingField' : 'brandingField.readonly';
    this.tooltip = untrustedMarkdown().field(field, value, 2000).build();
    if (editable) this.command = { command: 'panelOps.branding.editField', title: vscode.l10n.t('Edit'), arguments: [this] };
  }
}

/** An uploaded asset (logo, logo_dark, favicon, login_bg): file name and size. */
export class BrandingAssetItem extends vscode.TreeItem {
  constructor(readonly profile: BrandingProfile, readonly asset: BrandingAsset, readonly panelId: string) {
    super(asset.kind, vscode.TreeItemCollapsibleState.None);
    this.id = `branding/${panelId}/${profile.id}/asset/${asset.kind}`;
    const size = asset.size === undefined ? '' : ` · ${sizeText(asset.size)}`;
    this.description = `${plainLabel(asset.filename, 60)}${size}`;
    this.iconPath = new vscode.ThemeIcon('file-media');
    this.contextValue = 'brandingAsset';
    this.tooltip = untrustedMarkdown().field(vscode.l10n.t('File'), asset.filename).field(vscode.l10n.t('Type'), asset.contentType).build();
  }
}
