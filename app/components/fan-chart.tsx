import { Fragment } from "react";
import { useLocalized, useNavigate } from "#app/i18n/router.tsx";
import type { FanLayout, FanSegment } from "#app/lib/fan-layout.ts";
import { SEX_FILL } from "./family-chart.tsx";
import { ZoomFrame } from "./zoom-frame.tsx";

/** The ancestors' fan (layout in app/lib/fan-layout.ts); each segment opens the person's page. */
export function FanChart({ layout, label }: { layout: FanLayout; label: string }) {
  return (
    <ZoomFrame label={label} tall>
      {/* From a tablet's width up the whole fan is in view, its middle in the frame's: the centre a quarter of
          its radius below (it opens downwards). On a phone the chosen person is in view at once (the stylesheet's
          transform overrides the attribute). */}
      <g transform={`translate(0 ${Math.round(layout.radius / 4)})`} className="max-sm:[transform:none]" data-chart-ready>
        {layout.segments.map((segment) => (
          <Segment key={`${segment.person.id}:${segment.d}`} segment={segment} />
        ))}
      </g>
    </ZoomFrame>
  );
}

function Segment({ segment }: { segment: FanSegment }) {
  const navigate = useNavigate();
  const localized = useLocalized();
  const { person, text } = segment;
  const full = [person.name, person.years].filter(Boolean).join(" ");
  const lineHeight = text.size + 2;
  return (
    <a
      href={localized(`/asmuo/${person.id}`)}
      data-person={person.id}
      className="no-underline"
      onClick={(event) => {
        event.preventDefault();
        navigate(`/asmuo/${person.id}`);
      }}
    >
      {/* The tooltip; and a name cut short is read in full from a transparent copy, the drawn one hidden from screen readers. */}
      <title>{full}</title>
      {segment.cut ? (
        <text x={text.x} y={text.y} fontSize="1" opacity="0">
          {full}
        </text>
      ) : null}
      <path
        d={segment.d}
        fill={SEX_FILL[person.sex]}
        stroke={segment.generation === 0 ? "#8a3b1f" : "#c9b28f"}
        strokeWidth={segment.generation === 0 ? 3 : 1.5}
      />
      <g transform={`translate(${text.x} ${text.y}) rotate(${text.angle})`}>
        {/* One text, a line to each span, a space between them: read as one name. */}
        <text
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={text.size}
          fill="#2f2620"
          aria-hidden={segment.cut ? true : undefined}
        >
          {text.lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 ? " " : null}
              <tspan
                x="0"
                y={(i - (text.lines.length - 1) / 2) * lineHeight}
                fontWeight={i < text.lines.length - (person.years ? 1 : 0) ? 600 : 400}
                data-name
              >
                {line}
              </tspan>
            </Fragment>
          ))}
        </text>
      </g>
    </a>
  );
}
