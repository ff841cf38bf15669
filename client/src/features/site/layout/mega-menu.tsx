// Features mega-menu: categories on the left, the chosen category's items on the right, each item a link to its
// feature tab page. On narrow screens the same panel is the whole mobile menu (plus the page links).
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from '../../../lib/public-router';
import { FEATURE_CATALOGUE, featureTabPath } from '../feature-catalogue';
import { PUBLIC_NAV_LINKS } from './nav-links';
import { useMegaMenu } from './use-mega-menu';

export function MegaMenu({ isWide }: { isWide: boolean }) {
  const menu = useMegaMenu(isWide);
  const panelId = useId();
  const [activeKey, setActiveKey] = useState(FEATURE_CATALOGUE[0].key);
  const active = FEATURE_CATALOGUE.find((category) => category.key === activeKey) ?? FEATURE_CATALOGUE[0];
  const { pathname } = useLocation();
  const { close } = menu;

  // A followed link closes the menu.
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <div
      ref={menu.rootRef}
      className="pub-mega"
      data-open={menu.open || undefined}
      onPointerEnter={menu.onPointerEnter}
      onPointerLeave={menu.onPointerLeave}
    >
      <button
        ref={menu.triggerRef}
        type="button"
        className="pub-mega__trigger"
        aria-expanded={menu.open}
        aria-controls={panelId}
        data-testid="mega-menu-trigger"
        onClick={menu.toggle}
      >
        {isWide ? (
          <>
            Funzionalità <Chevron />
          </>
        ) : (
          <>
            <MenuIcon open={menu.open} /> Menu
          </>
        )}
      </button>
      <div id={panelId} className="pub-mega__panel" data-testid="mega-menu" hidden={!menu.open}>
        <div className="pub-mega__grid">
          <ul className="pub-mega__categories" aria-label="Categorie di funzionalità">
            {FEATURE_CATALOGUE.map((category) => (
              <li key={category.key}>
                <button
                  type="button"
                  className="pub-mega__category"
                  aria-pressed={category.key === active.key}
                  onClick={() => setActiveKey(category.key)}
                  onPointerEnter={(event) => {
                    if (event.pointerType === 'mouse') setActiveKey(category.key);
                  }}
                  onFocus={() => setActiveKey(category.key)}
                >
                  {category.shortTitle}
                </button>
              </li>
            ))}
          </ul>
          <div className="pub-mega__items">
            <p className="pub-mega__items-title">{active.title}</p>
            <ul>
              {active.details.map((detail) => (
                <li key={detail.tab}>
                  <Link to={featureTabPath(active, detail)} className="pub-mega__item">
                    <span className="pub-mega__item-title">{detail.title}</span>
                    <span className="pub-mega__item-text">{detail.text}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
        {!isWide && (
          <ul className="pub-mega__links" aria-label="Pagine">
            {PUBLIC_NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/richiedi-informazioni?fn=menu">Richiedi informazioni</Link>
            </li>
          </ul>
        )}
      </div>
    </div>
  );
}

function Chevron() {
  return (
    <svg className="pub-mega__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {open ? (
        <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M3 6h14M3 10h14M3 14h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}
