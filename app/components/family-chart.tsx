import { Fragment } from "react";
import { useLocalized, useNavigate } from "#app/i18n/router.tsx";
import { portraitArea, type ChartGeometry } from "#app/lib/chart-geometry.ts";
import type { ChartBox, ChartLayout } from "#app/lib/tree-layout.ts";
import { ZoomFrame } from "./zoom-frame.tsx";

export const SEX_FILL = { M: "#e8eef5", F: "#f7e9ec", X: "#eef0e6", U: "#f1ece3" } as const;

/**
 * The family tree chart. The server lays it out, fits the names and renders
 * it, so it shows before any script runs, centred on the chosen person; a
 * person opens on click or Enter. ZoomFrame moves it. A phone gets a layout
 * of its own (smaller boxes, one generation of ancestors), chosen by the
 * stylesheet's width breakpoint, so the first view holds the person, their
 * parents and partner with names at 14 px or more.
 */
export function FamilyChart({ wide, narrow, label }: { wide: ChartLayout; narrow?: ChartLayout; label: string }) {
  return (
    <ZoomFrame label={label}>
      <g className={narrow ? "hidden sm:inline" : undefined} data-chart-ready>
        <Drawing layout={wide} />
      </g>
      {narrow ? (
        <g className="sm:hidden" data-chart-ready>
          <Drawing layout={narrow} />
        </g>
      ) : null}
    </ZoomFrame>
  );
}

function Drawing({ layout }: { layout: ChartLayout }) {
  return (
    <g transform={`translate(${-layout.focus.x} ${-layout.focus.y})`}>
      <g fill="none" stroke="#8c7256" strokeWidth="2">
        {layout.lines.map((d, i) => (
          <path key={i} d={d} />
        ))}
      </g>
      {layout.boxes.map((box) => (
        <PersonBox key={`${box.person.id}:${box.x}:${box.y}`} box={box} geometry={layout.geometry} />
      ))}
    </g>
  );
}

function PersonBox({ box, geometry }: { box: ChartBox; geometry: ChartGeometry }) {
  const { box: BOX, name: NAME } = geometry;
  const navigate = useNavigate();
  const localized = useLocalized();
  const full = [box.person.name, box.person.years].filter(Boolean).join(" ");
  const lines = box.name.length + (box.person.years ? 1 : 0);
  // The text block centred in the box: each name line, then the years.
  const top = box.y + (BOX.height - lines * NAME.lineHeight) / 2;
  const baseline = (line: number) => top + line * NAME.lineHeight + NAME.size;
  // With a portrait, the face at the box's left and the name beside it.
  const area = box.portrait ? portraitArea(geometry) : null;
  const textX = box.x + (area ? area.textX : NAME.padding);
  return (
    <a
      href={localized(`/asmuo/${box.person.id}`)}
      data-person={box.person.id}
      className="no-underline"
      onClick={(event) => {
        event.preventDefault();
        navigate(`/asmuo/${box.person.id}`);
      }}
    >
      {/* The tooltip; and a name cut short is read in full from a transparent copy, the drawn one hidden from screen readers. */}
      <title>{full}</title>
      {box.cut ? (
        <text x={box.x + NAME.padding} y={box.y + NAME.padding} fontSize="1" opacity="0">
          {full}
        </text>
      ) : null}
      <rect
        x={box.x}
        y={box.y}
        width={BOX.width}
        height={BOX.height}
        rx="8"
        fill={SEX_FILL[box.person.sex]}
        stroke={box.root ? "#8a3b1f" : "#c9b28f"}
        strokeWidth={box.root ? 3 : 1.5}
      />
      {box.portrait && area ? (
        <svg
          x={box.x + NAME.padding}
          y={box.y + NAME.padding}
          width={area.width}
          height={area.height}
          viewBox={box.portrait.viewBox}
          preserveAspectRatio="xMidYMid slice"
          aria-hidden="true"
          data-portrait
        >
          <image href={box.portrait.href} width={box.portrait.width} height={box.portrait.height} />
        </svg>
      ) : null}
      {/* One text, a line to each span, a space between them: read as one name. */}
      <text x={textX} fill="#2f2620" aria-hidden={box.cut ? true : undefined}>
        {box.name.map((line, i) => (
          <Fragment key={i}>
            {i > 0 ? " " : null}
            <tspan x={textX} y={baseline(i)} fontSize={NAME.size} fontWeight="600" data-name>
              {line}
            </tspan>
          </Fragment>
        ))}
        {box.person.years ? (
          <>
            {" "}
            <tspan x={textX} y={baseline(box.name.length) - 1} fontSize={geometry.years} fill="#5c4f45">
              {box.person.years}
            </tspan>
          </>
        ) : null}
      </text>
    </a>
  );
}
